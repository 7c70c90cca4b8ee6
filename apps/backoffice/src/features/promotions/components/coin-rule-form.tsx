import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, SaveActions } from '@/components/form-fields';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { formatMinor, parseAmountToMinor } from '@/lib/format';
import { saveCoinRule, WHEEL_KEY } from '@/features/promotions/api/promotions-api';

/** What one wheel coin costs: the rule members earn coins by. */
export function CoinRuleForm({
  coinPriceMinor,
  isEditable,
}: {
  coinPriceMinor: number;
  isEditable: boolean;
}) {
  const { t } = useTranslation('promotions');
  const [text, setText] = useState(String(coinPriceMinor / 100));
  const [error, setError] = useState<string | undefined>();
  const save = useAdminMutation({
    run: (minor: number) => saveCoinRule(minor),
    invalidates: [WHEEL_KEY],
  });
  return (
    <form
      className="card form promo-coins"
      onSubmit={(event) => {
        event.preventDefault();
        const minor = parseAmountToMinor(text);
        if (minor === null || minor <= 0) return setError('PROMO_AMOUNT_INVALID');
        setError(undefined);
        save.mutate(minor);
      }}
    >
      <h2>{t('coins.title')}</h2>
      <p className="muted">{t('coins.rule', { price: formatMinor(coinPriceMinor) })}</p>
      <Field label={t('coins.price')} error={error}>
        <input
          value={text}
          inputMode="decimal"
          disabled={!isEditable}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      <SaveActions canSave={isEditable} isSaving={save.isPending} />
    </form>
  );
}
