import { WALLET } from '@mekong/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Undo2 } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { AmountField } from '@/components/form/amount-field';
import { useFieldError } from '@/components/form/use-field-error';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Modal } from '@/components/modal';
import { useMoneyMutation } from '@/components/use-money-mutation';
import { transfer, transferAllToWallet } from '@/features/wallet/api/wallet-api';
import { Picker, type PickerOption } from '@/features/wallet/components/transfer-picker';
import { destinationAfter, NONE, transferFormSchema } from '@/features/wallet/hooks/transfer-form';
import type { TransferPreset } from '@/features/wallet/hooks/use-wallet-modals';
import { formatAmount } from '@/lib/format';
import { walletQuery } from '@/lib/member-queries';
import { activeGames, walletSpendable } from '@/lib/wallet-figures';
import '@/features/wallet/components/money-modals.css';

/**
 * Spec §2/§5: two vertical pickers (from, to), each with a header item (nothing chosen), the wallet and every
 * active game account (the destinations without the chosen source); an amount, checked against what the source
 * holds before sending; POST /api/wallet/transfer with an Idempotency-Key. Closes on success; a failure shows an
 * error dialog.
 */
export function TransferModal({ isOpen, onOpenChange, preset }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void; preset: TransferPreset }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { data } = useQuery({ ...walletQuery, enabled: isOpen });
  const currency = data?.profile.currency;
  const options: PickerOption[] = useMemo(
    () =>
      data
        ? [
            { value: WALLET, name: t('wallet.mainWallet'), amount: walletSpendable(data.wallet), logo: null },
            ...activeGames(data.slots).map((game) => ({ value: game.code, name: game.name, amount: game.amount, logo: game.logo })),
          ]
        : [],
    [data, t],
  );
  const schema = useMemo(() => transferFormSchema(Object.fromEntries(options.map((o) => [o.value, o.amount]))), [options]);
  const { field, handleSubmit, watch, setValue, formState } = useSchemaForm(schema, { from: preset.from ?? NONE, to: preset.to ?? NONE, amount: '' }, 'money');
  const [from, to] = watch(['from', 'to']);

  const source = options.find((o) => o.value === from);
  const onFromChange = (value: string) => {
    setValue('to', destinationAfter(from, value, to));
    setValue('from', value);
  };
  const gamesWithMoney = data ? activeGames(data.slots).filter((game) => game.amount > 0) : [];
  const onDone = () => onOpenChange(false);
  const pendingToast = { tone: 'info', text: t('transfer.pending') } as const;

  const send = useMoneyMutation({
    scope: 'transfer',
    send: transfer,
    successToast: (result, body) => (result.status === 'PENDING' ? pendingToast : { text: t('transfer.success', { amount: formatAmount(body.amount, currency) }) }),
    onSuccess: onDone,
    failureTitle: t('transfer.failed'),
  });
  const sendAll = useMoneyMutation({
    scope: 'transfer-all',
    fingerprint: () => WALLET,
    send: (_: void, idempotencyKey: string) => transferAllToWallet(idempotencyKey),
    successToast: (result) => (result.message === 'TRANSFER_PENDING' ? pendingToast : { text: t('transfer.allDone', { amount: formatAmount(result.amount, currency) }) }),
    onSuccess: onDone,
    failureTitle: t('transfer.failed'),
  });
  const isSending = send.isPending || sendAll.isPending;
  const onSubmit = handleSubmit((body) => !sendAll.isPending && send.submit(body));
  const rootError = fieldError(formState.errors.root);

  return (
    <Modal isOpen={isOpen} onOpenChange={(next) => !isSending && onOpenChange(next)} title={t('transfer.title')} testId="transfer-modal">
      <form className="form" noValidate onSubmit={onSubmit}>
        <div className="transfer-pickers">
          <Picker kind="from" label={t('transfer.from')} options={options} value={from} currency={currency} onChange={onFromChange} />
          <span className="transfer-pickers__arrow" aria-hidden>
            <ArrowRight size={18} />
          </span>
          <Picker
            kind="to"
            label={t('transfer.to')}
            options={options.filter((o) => o.value !== from)}
            value={to}
            currency={currency}
            onChange={(value) => setValue('to', value)}
          />
        </div>

        {rootError && (
          <p className="form-error" role="alert" data-testid="transfer-error">
            {rootError}
          </p>
        )}

        <AmountField
          label={t('transfer.amount')}
          hint={source ? t('transfer.available', { amount: formatAmount(source.amount, currency) }) : t('transfer.minimumHint')}
          data-testid="transfer-amount"
          fillAll={{ amount: source?.amount ?? 0, onFill: (text) => setValue('amount', text), testId: 'transfer-fill-all' }}
          {...field('amount')}
        />

        <Button type="submit" isBlock disabled={isSending} isBusy={send.isBusyShown} data-testid="transfer-submit">
          {t('transfer.submit')}
        </Button>

        {gamesWithMoney.length > 0 && (
          <Button variant="secondary" isBlock disabled={isSending} isBusy={sendAll.isBusyShown} onClick={() => sendAll.mutate()} data-testid="transfer-all-to-wallet">
            <Undo2 size={18} aria-hidden /> {t('transfer.allToWallet')}
          </Button>
        )}
      </form>
    </Modal>
  );
}
