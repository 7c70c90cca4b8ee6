import { walletTruelink } from '@mekong/contracts/deposit';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useMoneyMutation } from '@/components/use-money-mutation';
import { sendTrueLink } from '@/features/deposit/api/deposit-api';

/** The typed link, trimmed, checked like the call's `link` field (it travels encrypted). */
const truelinkSchema = z.object({ link: z.string().trim().pipe(walletTruelink.body.shape.link) });

/**
 * Mobile-wallet gift link (docs/spec.md §2, §5): send disabled when empty; the link travels encrypted. A redeemed link
 * is confirmed by the deposit sheet's one success view (`onCredited`, the amount credited).
 */
export function TruelinkForm({ onCredited }: { onCredited: (amount: number) => void }) {
  const { t } = useTranslation();
  const { field, handleSubmit, watch, reset, showServerError } = useSchemaForm(truelinkSchema, { link: '' }, 'money');
  const isEmpty = watch('link').trim() === '';

  const send = useMoneyMutation({
    scope: 'truelink',
    send: sendTrueLink,
    onSuccess: (result) => {
      reset();
      onCredited(result.amount);
    },
    onError: showServerError,
  });

  return (
    <form className="form truelink-form" noValidate onSubmit={handleSubmit(send.submit)}>
      <TextField label={t('truelink.label')} type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://gift.truemoney.com/campaign/?v=…" hint={t('truelink.hint')} data-testid="truelink-input" {...field('link')} />
      <Button type="submit" variant="gold" isBlock disabled={isEmpty || send.isPending} isBusy={send.isBusyShown} data-testid="truelink-submit">
        <Send size={18} aria-hidden /> {t('truelink.submit')}
      </Button>
    </form>
  );
}
