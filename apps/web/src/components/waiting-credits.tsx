import type { WaitingItem } from '@mekong/contracts/waiting-money';
import { Hourglass, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount, formatDateTime } from '@/lib/format';
import { useDateEra } from '@/lib/use-date-era';
import { usualWaitText } from '@/lib/waiting-money';
import '@/components/waiting-credits.css';

/**
 * Money that arrived but waits for an operator (docs/decisions/0025-waiting-money.md): what was received, that staff
 * check it, the usual wait the server measured, and a way to ask. Home and the statement show the same lines.
 */
export function WaitingCredits({
  items,
  usualWaitSeconds,
}: {
  items: readonly WaitingItem[];
  usualWaitSeconds: number | null;
}) {
  const { t } = useTranslation();
  const dates = useDateEra();
  if (items.length === 0) return null;
  return (
    <section
      className="waiting-credits"
      aria-label={t('waiting.title')}
      data-testid="waiting-credits"
    >
      <ul className="waiting-credits__list">
        {items.map((item) => (
          <li
            key={item.id}
            className="waiting-credit"
            data-testid="waiting-credit"
            data-state={item.state}
          >
            <span className="waiting-credit__icon" aria-hidden>
              <Hourglass size={18} />
            </span>
            <span className="waiting-credit__main">
              <strong className="waiting-credit__line" data-testid="waiting-credit-line">
                {t('waiting.creditLine', { amount: formatAmount(item.amount, item.currency) })}
              </strong>
              <span className="waiting-credit__meta">
                {t(`statementFlow.channels.${item.channel}`)}
                {item.reference &&
                  ` · ${t('statementFlow.reference', { reference: item.reference })}`}
                {` · ${formatDateTime(item.createdAt, dates)}`}
              </span>
              <span className="waiting-credit__usual" data-testid="waiting-credit-usual">
                {usualWaitText(t, usualWaitSeconds)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <Link
        to="/user/contact"
        className="chip-btn waiting-credits__chat"
        data-testid="waiting-credits-chat"
      >
        <MessageCircle size={16} aria-hidden /> {t('waiting.chat')}
      </Link>
    </section>
  );
}
