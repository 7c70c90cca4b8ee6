import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '@/components/form/text-field';
import '@/components/form/form.css';

type AmountFieldProps = TextFieldProps & {
  /** A "fill all" chip that types the whole of `amount` (shown only above 0). */
  fillAll?: { amount: number; onFill: (text: string) => void; testId: string };
};

/** An amount input of the money forms: decimal keypad, no autofill, 0.00 placeholder. */
export function AmountField({ fillAll, ...field }: AmountFieldProps) {
  const { t } = useTranslation();
  const input = <TextField inputMode="decimal" autoComplete="off" placeholder="0.00" {...field} />;
  if (!fillAll) return input;
  return (
    <div className="amount-field">
      {input}
      {fillAll.amount > 0 && (
        <button type="button" className="chip-btn amount-field__all" onClick={() => fillAll.onFill(fillAll.amount.toFixed(2))} data-testid={fillAll.testId}>
          {t('transfer.fillAll')}
        </button>
      )}
    </div>
  );
}
