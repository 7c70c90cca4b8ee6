import { useTranslation } from 'react-i18next';
import { visibleNav } from '@/app/nav';
import { NavLinks } from '@/app/nav-links';
import { PageHeader } from '@/components/page-header';
import { useOperator } from '@/lib/use-operator';

/** The landing page: where the operator's role can go. */
export function OverviewPage() {
  const { t } = useTranslation();
  const { data } = useOperator();
  if (!data) return null;
  const { operator } = data;
  const entries = visibleNav(operator.permissions).filter((entry) => entry.to !== '/');
  return (
    <>
      <PageHeader
        title={t('overview.title')}
        subtitle={t('overview.subtitle', {
          name: operator.displayName,
          role: t(`role.${operator.role}`),
        })}
      />
      <NavLinks entries={entries} variant="tiles" />
    </>
  );
}
