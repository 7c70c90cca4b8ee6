import { ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';

/** The statement lands with the wallet slice; until then the route exists and says so. */
export function StatementPage() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <PageHeader title={t('statement.title')} />
      <div className="empty-state card">
        <span className="empty-state__icon" aria-hidden>
          <ReceiptText size={32} />
        </span>
        <p className="empty-state__title">{t('common.comingSoon')}</p>
        <p className="muted">{t('statement.comingSoon')}</p>
      </div>
    </section>
  );
}

export default StatementPage;
