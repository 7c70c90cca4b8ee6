import type { StatementEntry } from '@mekong/contracts/statement';
import { ArrowDownToLine, ArrowLeftRight, ArrowUpFromLine, Flag, Gift, ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { dayName, groupByDay, signedAmount, statusKind } from '@/features/statement/hooks/statement-format';
import { channelLine, rowDescription, type StatementNames } from '@/features/statement/hooks/statement-labels';
import { formatDate, formatDateTime } from '@/lib/format';
import { useDateEra } from '@/lib/use-date-era';
import { currentLocale } from '@/lib/i18n';
import { formatTimeAgo } from '@/lib/time-ago';
import { useNow } from '@/lib/use-now';

export const typeIcons = {
  deposit: ArrowDownToLine,
  withdraw: ArrowUpFromLine,
  transfer: ArrowLeftRight,
  bonus: Gift,
  finish_bonus: Flag,
} as const;

type ListProps = {
  entries: readonly StatementEntry[];
  names: StatementNames;
  symbol: string;
  isStale: boolean;
  isBusy: boolean;
  onOpen: (entry: StatementEntry) => void;
};

/** One page of rows under day headers in the players' time zone (docs/design.md#player-time). */
export function StatementList({ entries, names, symbol, isStale, isBusy, onOpen }: ListProps) {
  const { t } = useTranslation();
  const now = useNow(60_000);
  const dates = useDateEra();
  return (
    <div className={`statement-days${isStale ? ' is-stale' : ''}`} aria-busy={isBusy || undefined} data-testid="statement-list">
      {groupByDay(entries).map((group) => {
        const name = dayName(group.dayKey, now);
        const first = group.entries[0]!;
        return (
          <section key={group.dayKey} className="statement-day" data-testid="statement-day" data-day={group.dayKey}>
            <h2 className="statement-day__header">
              <span className="statement-day__name" data-testid="statement-day-name">
                {typeof name === 'number' ? t(`dates.weekdays.${name}`) : t(`dates.${name}`)}
              </span>
              <span className="statement-day__date">{formatDate(first.createdAt, dates)}</span>
            </h2>
            <ul className="statement-list card">
              {group.entries.map((entry) => (
                <StatementRow key={entry._id} entry={entry} names={names} symbol={symbol} now={now} onOpen={onOpen} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

type RowProps = { entry: StatementEntry; names: StatementNames; symbol: string; now: number; onOpen: (entry: StatementEntry) => void };

function StatementRow({ entry, names, symbol, now, onOpen }: RowProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language ? currentLocale() : 'th';
  const Icon = typeIcons[entry.statementType] ?? ReceiptText;
  const kind = statusKind(entry.status);
  const line = channelLine(entry, names, t);
  const dates = useDateEra();
  const description = rowDescription(entry, names, t);

  return (
    <li className="statement-row" data-testid="statement-row" data-type={entry.statementType} data-status={entry.status} data-channel={entry.channel ?? ''}>
      <button type="button" className="statement-row__button" aria-haspopup="dialog" onClick={() => onOpen(entry)} data-testid="statement-open">
        <span className={`statement-row__icon statement-row__icon--${entry.statementType}`} data-testid="statement-type" data-type={entry.statementType} aria-hidden>
          <Icon size={20} />
        </span>
        <span className="statement-row__main">
          <span className="statement-row__activity" data-testid="statement-activity">
            {t(`statement.types.${entry.statementType}`)}
          </span>
          {line && (
            <span className="statement-row__route" data-testid="statement-channel">
              {line}
            </span>
          )}
          {description && <span className="statement-row__description">{description}</span>}
          {entry.reference && (
            <span className="statement-row__reference" data-testid="statement-reference">
              {t('statementFlow.reference', { reference: entry.reference })}
            </span>
          )}
          <span className="statement-row__date">
            <span data-testid="statement-date">{formatDateTime(entry.createdAt, dates)}</span>
            <span className="statement-row__ago" data-testid="statement-ago">
              {formatTimeAgo(entry.createdAt, locale, t('time.justNow'), now)}
            </span>
          </span>
        </span>
        <span className="statement-row__end">
          <span className={`statement-row__amount statement-row__amount--${entry.statementType}`} data-testid="statement-amount">
            {signedAmount(entry, symbol)}
          </span>
          <span className={`status-chip status-chip--${kind}`} data-testid="statement-status" data-status={entry.status}>
            {t(`statement.status.${kind}`)}
          </span>
        </span>
      </button>
    </li>
  );
}
