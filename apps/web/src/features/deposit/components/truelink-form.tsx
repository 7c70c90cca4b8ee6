import { walletTruelink } from '@mekong/contracts/deposit';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/text-field';
import { useFieldError } from '@/components/form/use-field-error';
import { useMoneyForm } from '@/components/form/use-money-form';
import { useMoneyMutation } from '@/components/use-money-mutation';
import { sendTrueLink } from '@/features/deposit/api/deposit-api';
import { formatAmount } from '@/lib/format';

/** The typed link, trimmed, checked like the call's `link` field (it travels encrypted). */
const truelinkSchema = z.object({ link: z.string().trim().pipe(walletTruelink.body.shape.link) });

/** Mobile-wallet gift link (spec §2, §5): send disabled when empty; the link travels encrypted. */
export function TruelinkForm({ currency }: { currency?: string }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { register, handleSubmit, watch, reset, setError, formState } = useMoneyForm(truelinkSchema, { link: '' });
  const { errors } = formState;
  const isEmpty = watch('link').trim() === '';

  const send = useMoneyMutation({
    scope: 'truelink',
    fingerprint: ({ link }: { link: string }) => link,
    send: ({ link }: { link: string }, idempotencyKey: string) => sendTrueLink(link, idempotencyKey),
    successToast: (result) => ({ text: t('truelink.success', { amount: formatAmount(result.amount, currency) }) }),
    onSuccess: () => reset(),
    onError: (message) => setError('root.server', { message }),
  });
  const onSubmit = handleSubmit((body) => {
    if (!send.isPending) send.mutate(body);
  });

  return (
    <form className="form truelink-form" noValidate onSubmit={onSubmit}>
      <TextField
        label={t('truelink.label')}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://gift.truemoney.com/campaign/?v=…"
        hint={t('truelink.hint')}
        error={fieldError(errors.link) ?? errors.root?.server?.message}
        data-testid="truelink-input"
        {...register('link')}
      />
      <Button type="submit" variant="gold" isBlock disabled={isEmpty || send.isPending} isBusy={send.isBusyShown} data-testid="truelink-submit">
        <Send size={18} aria-hidden /> {t('truelink.submit')}
      </Button>
    </form>
  );
}
