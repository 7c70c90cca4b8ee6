import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paginationWindow } from '@/lib/pagination';
import '@/components/pagination.css';

type PaginationProps = {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** Prefix of the test ids: `<prefix>-pagination`, `<prefix>-page-<n>`, `<prefix>-page-prev|next`. */
  testIdPrefix: string;
};

/** Spec §9: the current page with 3 pages before it and 1 after, plus previous and next. */
export function Pagination({ page, totalPages, onPage, testIdPrefix }: PaginationProps) {
  const { t } = useTranslation();
  return (
    <nav className="pagination" aria-label={t('statement.pagination')} data-testid={`${testIdPrefix}-pagination`}>
      <button
        type="button"
        className="pagination__btn"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        aria-label={t('statement.previous')}
        data-testid={`${testIdPrefix}-page-prev`}
      >
        <ChevronLeft size={18} aria-hidden />
      </button>
      {paginationWindow(page, totalPages).map((n) => (
        <button
          key={n}
          type="button"
          className={`pagination__btn${n === page ? ' is-current' : ''}`}
          onClick={() => onPage(n)}
          aria-current={n === page ? 'page' : undefined}
          aria-label={t('statement.page', { page: n })}
          data-testid={`${testIdPrefix}-page-${n}`}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className="pagination__btn"
        onClick={() => onPage(page + 1)}
        disabled={page >= totalPages}
        aria-label={t('statement.next')}
        data-testid={`${testIdPrefix}-page-next`}
      >
        <ChevronRight size={18} aria-hidden />
      </button>
    </nav>
  );
}
