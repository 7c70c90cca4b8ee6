import { PAGE_SIZE } from '@mekong/contracts/constants';
import type { StatementEntry } from '@mekong/contracts/statement';
import { WALLET } from '@mekong/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import { ArrowDownToLine, ArrowLeftRight, ArrowUpFromLine, FileSearch, Flag, Gift, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Loading } from '@/components/loading';
import { statementQuery } from '@/features/statement/api/statement-queries';
import { Pagination } from '@/features/statement/components/pagination';
import { SlipStatusModal } from '@/features/statement/components/slip-status-modal';
import { pageCount, signedAmount, statusKind } from '@/features/statement/hooks/statement-format';
import { currencySymbol, formatDateTime } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { walletQuery } from '@/lib/member-queries';
import { formatTimeAgo } from '@/lib/time-ago';
import { useNow } from '@/lib/use-now';
import '@/features/statement/components/statement.css';

const typeIcons = {
  deposit: ArrowDownToLine,
  withdraw: ArrowUpFromLine,
  transfer: ArrowLeftRight,
  bonus: Gift,
  finish_bonus: Flag,
} as const;

/** The server's names for house accounts and default descriptions; anything else (a bonus name, say) is shown as sent. */
const HOUSE_ACCOUNTS = ['bank', 'bonus', 'refund', 'invite', 'prize', 'adjustment'] as const;
const KNOWN_DESCRIPTIONS = ['refund', 'invite', 'luckydraw', 'bonus_forfeit', 'adjustment'] as const;

/**
 * Spec §2 /user/statement: entries 10 a page with type icon, activity, status, date, time-ago and signed amount;
 * pagination shows 3 pages before and 1 after the current one. A failed load is swallowed (docs/spec.md §8).
 */
export function StatementPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [isSlipStatusOpen, setSlipStatusOpen] = useState(false);
  const statement = useQuery({ ...statementQuery(page), retry: false });
  const { data: wallet } = useQuery(walletQuery);

  const names = new Map<string, string>((wallet?.slots ?? []).map((game) => [game.code.toUpperCase(), game.name]));
  const symbol = currencySymbol(wallet?.profile.currency);
  const accountName = (ref: string) => {
    const key = ref.trim();
    if (key === WALLET) return t('wallet.mainWallet');
    if (key === 'bonus_wallet') return t('wallet.bonus');
    const game = names.get(key.toUpperCase());
    if (game) return game;
    return (HOUSE_ACCOUNTS as readonly string[]).includes(key) ? t(`statement.accounts.${key}`) : key;
  };

  const data = statement.data;
  const totalPages = pageCount(data?.total ?? 0, PAGE_SIZE.statement);
  const goTo = (next: number) => {
    setPage(next);
    window.scrollTo({ top: 0 });
  };

  return (
    <section className="page">
      <PageHeader
        title={t('statement.title')}
        action={
          <button type="button" className="chip-btn" aria-haspopup="dialog" onClick={() => setSlipStatusOpen(true)} data-testid="statement-slip-status">
            <FileSearch size={16} aria-hidden /> {t('statement.slipStatus')}
          </button>
        }
      />

      {statement.isPending ? (
        <Loading isCard />
      ) : !data || data.statements.length === 0 ? (
        <div className="empty-state card" data-testid="statement-empty">
          <span className="empty-state__icon" aria-hidden><ReceiptText size={32} /></span>
          <p className="empty-state__title">{t('statement.empty')}</p>
          <p className="muted">{t('statement.emptyHint')}</p>
        </div>
      ) : (
        <>
          <ul className={`statement-list card${statement.isPlaceholderData ? ' is-stale' : ''}`} aria-busy={statement.isFetching || undefined}>
            {data.statements.map((entry) => (
              <StatementRow key={entry._id} entry={entry} symbol={symbol} accountName={accountName} />
            ))}
          </ul>
          {totalPages > 1 && <Pagination page={page} totalPages={totalPages} onPage={goTo} testIdPrefix="statement" />}
        </>
      )}
      <SlipStatusModal isOpen={isSlipStatusOpen} onOpenChange={setSlipStatusOpen} />
    </section>
  );
}

function StatementRow({ entry, symbol, accountName }: { entry: StatementEntry; symbol: string; accountName: (ref: string) => string }) {
  const { t, i18n } = useTranslation();
  const now = useNow(60_000);
  const locale = i18n.language ? currentLocale() : 'th';
  const Icon = typeIcons[entry.statementType] ?? ReceiptText;
  const kind = statusKind(entry.status);
  const route = entry.from || entry.to ? `${accountName(entry.from)} → ${accountName(entry.to)}` : '';

  return (
    <li className="statement-row" data-testid="statement-row" data-type={entry.statementType} data-status={entry.status}>
      <span className={`statement-row__icon statement-row__icon--${entry.statementType}`} data-testid="statement-type" data-type={entry.statementType} aria-hidden>
        <Icon size={20} />
      </span>
      <div className="statement-row__main">
        <p className="statement-row__activity" data-testid="statement-activity">
          {t(`statement.types.${entry.statementType}`)}
        </p>
        {route && <p className="statement-row__route">{route}</p>}
        {entry.description && <p className="statement-row__description">{(KNOWN_DESCRIPTIONS as readonly string[]).includes(entry.description) ? t(`statement.descriptions.${entry.description}`) : entry.description}</p>}
        <p className="statement-row__date">
          <span data-testid="statement-date">{formatDateTime(entry.createdAt)}</span>
          <span className="statement-row__ago" data-testid="statement-ago">
            {formatTimeAgo(entry.createdAt, locale, t('time.justNow'), now)}
          </span>
        </p>
      </div>
      <div className="statement-row__end">
        <span className={`statement-row__amount statement-row__amount--${entry.statementType}`} data-testid="statement-amount">
          {signedAmount(entry, symbol)}
        </span>
        <span className={`status-chip status-chip--${kind}`} data-testid="statement-status" data-status={entry.status}>
          {t(`statement.status.${kind}`)}
        </span>
      </div>
    </li>
  );
}

export default StatementPage;
