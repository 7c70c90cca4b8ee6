import type { Bonus, BonusPreview } from '@mekong/contracts/bonus';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { fillPercentFail } from '@/features/bonus/hooks/bonus-receipts';
import { formatAmount } from '@/lib/format';

/** What a bonus and a promotion both state (contracts bonus.ts: bonusSchema, promotionSchema). */
type Terms = Pick<Bonus, 'amountKind' | 'percent' | 'maxBonus' | 'minDeposit' | 'withdrawCap' | 'conditionKind' | 'multiplier' | 'percentFail'> & {
  validDays?: number;
};

type TermsProps = {
  terms: Terms;
  currency?: string;
  /** The server's figures for this member now (issue 28 item 11): the amount and the condition in baht. */
  preview?: BonusPreview;
  testId?: string;
};

/**
 * The terms in plain rows: how much, the deposit it needs, the release condition, the withdraw cap, how long. With
 * the server's preview the amount and the condition are the member's own baht figures, not a formula.
 */
export function BonusTerms({ terms, currency, preview, testId }: TermsProps) {
  const { t } = useTranslation();
  const money = (value: number) => formatAmount(value, currency);
  const rows: [string, string][] = [
    [
      t('bonus.terms.amount'),
      preview
        ? money(preview.bonusAmount)
        : terms.amountKind === 'percent' && terms.percent !== null
        ? t('bonus.terms.amountPercent', { percent: terms.percent, max: money(terms.maxBonus) })
        : money(terms.maxBonus),
    ],
    [t('bonus.terms.minDeposit'), terms.minDeposit > 0 ? money(terms.minDeposit) : t('bonus.terms.noDeposit')],
    [
      t('bonus.terms.condition'),
      preview
        ? t(`bonus.terms.conditionBaht.${preview.conditionKind}`, { amount: money(preview.target) })
        : t(terms.conditionKind === 'credit' ? 'bonus.terms.conditionCredit' : 'bonus.terms.conditionTurnover', { multiplier: terms.multiplier }),
    ],
    [t('bonus.terms.withdrawCap'), terms.withdrawCap === null ? t('bonus.noCap') : money(terms.withdrawCap)],
  ];
  if (terms.validDays !== undefined) rows.push([t('bonus.terms.valid'), t('bonus.terms.validDays', { count: terms.validDays })]);
  return (
    <>
      <dl className="bonus-terms" data-testid={testId}>
        {rows.map(([label, value], index) => (
          <div className="bonus-terms__row" key={label}>
            <dt>{label}</dt>
            <dd data-testid={testId ? `${testId}-${index}` : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="inline-notice bonus-notice" role="note" data-testid={testId ? `${testId}-notice` : undefined}>
        <Info size={18} aria-hidden /> {fillPercentFail(t('bonus.notice'), terms.percentFail)}
      </p>
    </>
  );
}
