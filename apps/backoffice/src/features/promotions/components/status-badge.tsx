import { useTranslation } from 'react-i18next';
import type { BonusStatus } from '@mekong/contracts/admin/promotions';

const TONE: Record<BonusStatus, string> = {
  draft: 'badge--info',
  published: 'badge--ok',
  retired: 'badge--warn',
};

export function StatusBadge({ status }: { status: BonusStatus }) {
  const { t } = useTranslation('promotions');
  return <span className={`badge ${TONE[status]}`}>{t(`status.${status}`)}</span>;
}
