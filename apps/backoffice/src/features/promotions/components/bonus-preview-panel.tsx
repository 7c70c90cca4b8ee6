import { ledgerCurrency } from '@mekong/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminBonus } from '@mekong/contracts/admin/promotions';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/error-text';
import { Facts, type Fact } from '@/components/facts';
import { formatDateTime, formatMinor, parseAmountToMinor } from '@/lib/format';
import { previewBonus } from '@/features/promotions/api/promotions-api';
import { FieldError } from '@/components/form-fields';

/** What a member would receive from this bonus now (or why not), without changing anything. */
export function BonusPreviewPanel({ bonus }: { bonus: AdminBonus }) {
  const { t, i18n } = useTranslation('promotions');
  const [member, setMember] = useState('');
  const [deposit, setDeposit] = useState('');
  const [depositError, setDepositError] = useState<string | undefined>();
  const preview = useMutation({
    mutationFn: (body: { member: string; depositMinor?: number }) => previewBonus(bonus.code, body),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const depositMinor = deposit.trim() === '' ? undefined : parseAmountToMinor(deposit);
    if (depositMinor === null || depositMinor === 0) {
      setDepositError('PROMO_AMOUNT_INVALID');
      return;
    }
    setDepositError(undefined);
    preview.mutate({ member: member.trim(), depositMinor });
  };

  const result = preview.data;
  const refusalText = (code: string | null) =>
    code && i18n.exists(`common:errors.${code}`) ? t(`common:errors.${code}`) : '';
  const money = (minor: number) =>
    result ? formatMinor(minor, ledgerCurrency(result.member.currency)) : '';
  const figure = (label: string, minor: number): Fact => ({
    label,
    value: money(minor),
    isNumeric: true,
  });

  return (
    <aside className="card promo-preview" aria-label={t('preview.title')}>
      <h2>{t('preview.title')}</h2>
      <p className="muted">{t('preview.subtitle')}</p>
      <form className="form" onSubmit={onSubmit}>
        <label className="field">
          <span>{t('preview.member')}</span>
          <input
            value={member}
            onChange={(e) => setMember(e.target.value)}
            placeholder="0812345678"
          />
        </label>
        <label className="field">
          <span>{t('preview.deposit')}</span>
          <input value={deposit} inputMode="decimal" onChange={(e) => setDeposit(e.target.value)} />
          <small className="muted">{t('preview.depositHint')}</small>
          <FieldError code={depositError} />
        </label>
        <div className="form__actions">
          <Button type="submit" isBusy={preview.isPending} disabled={member.trim() === ''}>
            {t('preview.run')}
          </Button>
        </div>
      </form>
      <ErrorText error={preview.error} />
      {result ? (
        <div className="promo-preview__result" data-testid="preview-result">
          <p className="muted">
            {result.member.name} · {result.member.phone}
            {result.bonusStatus === 'draft' ? ` · ${t('preview.asPublished')}` : ''}
          </p>
          {result.isReceivable ? (
            <>
              <p className="notice notice--ok">
                {t('preview.receives', { amount: money(result.bonusMinor) })}
              </p>
              <Facts
                rows={[
                  figure(t('preview.depositUsed'), result.depositMinor),
                  figure(t('preview.bonus'), result.bonusMinor),
                  figure(t('preview.start'), result.startMinor),
                  figure(t('preview.target'), result.releaseTargetMinor),
                  figure(t('preview.failBelow'), result.failBelowMinor),
                  result.withdrawCapMinor === null
                    ? {
                        label: t('preview.withdrawCap'),
                        value: t('preview.noCap'),
                        isNumeric: true,
                      }
                    : figure(t('preview.withdrawCap'), result.withdrawCapMinor),
                  {
                    label: t('preview.expires'),
                    value: formatDateTime(result.expiresAt, i18n.language),
                  },
                ]}
              />
            </>
          ) : (
            <p className="notice notice--warn promo-refusal">
              <span>
                {t('preview.refused')} {refusalText(result.refusal)}
              </span>
              <code>{result.refusal}</code>
            </p>
          )}
        </div>
      ) : null}
    </aside>
  );
}
