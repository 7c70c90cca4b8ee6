import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/text-field';
import { sendTrueLink } from '@/features/deposit/api/deposit-api';
import { afterMoneyMoved } from '@/features/wallet/api/wallet-api';
import { errorText } from '@/lib/error-message';
import { formatAmount } from '@/lib/format';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { useDelayedFlag } from '@/lib/use-delayed-flag';

const truelinkKeys = createIdempotencyKeeper();

/** Mobile-wallet gift link (spec §2, §5): send disabled when empty; the link travels encrypted. */
export function TruelinkForm({ currency }: { currency?: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: (value: string) => sendTrueLink(value, truelinkKeys.keyFor(value)),
    onSuccess: async (result) => {
      truelinkKeys.settle();
      setLink('');
      toast.success(t('truelink.success', { amount: formatAmount(result.amount, currency) }));
      await afterMoneyMoved(queryClient);
    },
    onError: (failure) => {
      truelinkKeys.settle(failure);
      setError(errorText(t, failure));
    },
  });
  const isBusyShown = useDelayedFlag(send.isPending);
  const isEmpty = link.trim() === '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isEmpty || send.isPending) return;
    setError(null);
    send.mutate(link.trim());
  };

  return (
    <form className="form truelink-form" noValidate onSubmit={onSubmit}>
      <TextField
        label={t('truelink.label')}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://gift.truemoney.com/campaign/?v=…"
        value={link}
        onChange={(e) => {
          setLink(e.target.value);
          setError(null);
        }}
        hint={t('truelink.hint')}
        error={error ?? undefined}
        data-testid="truelink-input"
      />
      <Button type="submit" variant="gold" isBlock disabled={isEmpty || send.isPending} isBusy={isBusyShown} data-testid="truelink-submit">
        <Send size={18} aria-hidden /> {t('truelink.submit')}
      </Button>
    </form>
  );
}
