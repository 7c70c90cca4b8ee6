import { STATEMENT_FILTERS, type StatementFilter } from '@mekong/contracts/statement';
import { useTranslation } from 'react-i18next';

/** The type chips (issue 9): all, deposit, withdraw, transfer, bonus; one is pressed. */
export function StatementFilterChips({ value, onChange }: { value: StatementFilter | null; onChange: (filter: StatementFilter | null) => void }) {
  const { t } = useTranslation();
  const chips: (StatementFilter | null)[] = [null, ...STATEMENT_FILTERS];
  return (
    <div className="statement-filter" role="group" aria-label={t('statementFlow.filterLabel')} data-testid="statement-filter">
      {chips.map((chip) => {
        const name = chip ?? 'all';
        const isPressed = chip === value;
        return (
          <button
            key={name}
            type="button"
            className={`statement-filter__chip${isPressed ? ' is-pressed' : ''}`}
            aria-pressed={isPressed}
            onClick={() => onChange(chip)}
            data-testid={`statement-filter-${name}`}
          >
            {t(`statementFlow.filters.${name}`)}
          </button>
        );
      })}
    </div>
  );
}
