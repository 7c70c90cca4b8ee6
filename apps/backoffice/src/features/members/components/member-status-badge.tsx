import { useTranslation } from 'react-i18next';

export function MemberStatusBadge({ status }: { status: 'active' | 'suspended' }) {
  const { t } = useTranslation('members');
  return (
    <span className={`badge ${status === 'active' ? 'badge--ok' : 'badge--danger'}`}>
      {t(`status.${status}`)}
    </span>
  );
}

/** A member's registration currency (BAHT | LAK) as amounts are shown. */
export function displayCurrency(currency: string): 'THB' | 'LAK' {
  return currency === 'LAK' ? 'LAK' : 'THB';
}
