import { WALLET } from '@mekong/contracts/wallet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Check, Undo2, WalletMinimal } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAlert } from '@/components/alert-provider';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/text-field';
import { Modal } from '@/components/modal';
import { afterMoneyMoved, transfer, transferAllToWallet, walletQuery } from '@/features/wallet/api/wallet-api';
import { GameLogo } from '@/features/wallet/components/game-logo';
import { NONE, transferError, type TransferFormValues } from '@/features/wallet/hooks/transfer-form';
import type { TransferPreset } from '@/features/wallet/hooks/use-wallet-modals';
import { activeGames } from '@/features/wallet/hooks/wallet-figures';
import { errorText } from '@/lib/error-message';
import { formatAmount, parseAmountInput } from '@/lib/format';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { useDelayedFlag } from '@/lib/use-delayed-flag';

// Module level: a retry after an unknown outcome must reuse its key even if the modal was closed in between.
const transferKeys = createIdempotencyKeeper();
const transferAllKeys = createIdempotencyKeeper();

type PickerOption = { value: string; name: string; amount: number; logo: string | null };

/**
 * Spec §2/§5: two vertical pickers (from, to), each with a header item (nothing chosen), the wallet and every
 * active game account; an amount; POST /api/wallet/transfer with an Idempotency-Key. Closes on success;
 * a failure shows an error dialog.
 */
export function TransferModal({ isOpen, onOpenChange, preset }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void; preset: TransferPreset }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const { data } = useQuery({ ...walletQuery, enabled: isOpen });
  const [values, setValues] = useState<TransferFormValues>({ from: preset.from ?? NONE, to: preset.to ?? NONE, amount: '' });
  const [error, setError] = useState<{ field: 'root' | 'amount'; message: string } | null>(null);

  const currency = data?.profile.currency;
  const options: PickerOption[] = data
    ? [
        { value: WALLET, name: t('wallet.mainWallet'), amount: data.wallet.amount, logo: null },
        ...activeGames(data.slots).map((game) => ({ value: game.code, name: game.name, amount: game.amount, logo: game.logo })),
      ]
    : [];
  const source = options.find((o) => o.value === values.from);
  const gamesWithMoney = data ? activeGames(data.slots).filter((game) => game.amount > 0) : [];

  const change = (patch: Partial<TransferFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setError(null);
  };

  const send = useMutation({
    mutationFn: (body: { from: string; to: string; amount: number }) => transfer(body, transferKeys.keyFor(JSON.stringify(body))),
    onSuccess: async (result, body) => {
      transferKeys.settle();
      await afterMoneyMoved(queryClient);
      if (result.status === 'PENDING') toast.info(t('transfer.pending'));
      else toast.success(t('transfer.success', { amount: formatAmount(body.amount, currency) }));
      onOpenChange(false);
    },
    onError: async (failure) => {
      transferKeys.settle(failure);
      await afterMoneyMoved(queryClient);
      await showAlert({ tone: 'error', title: t('transfer.failed'), message: errorText(t, failure) });
    },
  });

  const sendAll = useMutation({
    mutationFn: () => transferAllToWallet(transferAllKeys.keyFor(WALLET)),
    onSuccess: async (result) => {
      transferAllKeys.settle();
      await afterMoneyMoved(queryClient);
      if (result.message === 'TRANSFER_PENDING') toast.info(t('transfer.pending'));
      else toast.success(t('transfer.allDone', { amount: formatAmount(result.amount, currency) }));
      onOpenChange(false);
    },
    onError: async (failure) => {
      transferAllKeys.settle(failure);
      await afterMoneyMoved(queryClient);
      await showAlert({ tone: 'error', title: t('transfer.failed'), message: errorText(t, failure) });
    },
  });

  const isSending = send.isPending || sendAll.isPending;
  const isBusyShown = useDelayedFlag(send.isPending);
  const isAllBusyShown = useDelayedFlag(sendAll.isPending);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isSending) return;
    const problem = transferError(values);
    setError(problem);
    if (problem) return;
    send.mutate({ from: values.from, to: values.to, amount: parseAmountInput(values.amount) });
  };

  return (
    <Modal isOpen={isOpen} onOpenChange={(next) => !isSending && onOpenChange(next)} title={t('transfer.title')} testId="transfer-modal">
      <form className="form" noValidate onSubmit={onSubmit}>
        <div className="transfer-pickers">
          <Picker
            kind="from"
            label={t('transfer.from')}
            options={options}
            value={values.from}
            currency={currency}
            onChange={(from) => change({ from })}
          />
          <span className="transfer-pickers__arrow" aria-hidden>
            <ArrowRight size={18} />
          </span>
          <Picker kind="to" label={t('transfer.to')} options={options} value={values.to} currency={currency} onChange={(to) => change({ to })} />
        </div>

        {error?.field === 'root' && (
          <p className="form-error" role="alert" data-testid="transfer-error">
            {t(error.message)}
          </p>
        )}

        <div className="amount-field">
          <TextField
            label={t('transfer.amount')}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={values.amount}
            onChange={(e) => change({ amount: e.target.value })}
            error={error?.field === 'amount' ? t(error.message) : undefined}
            hint={source ? t('transfer.available', { amount: formatAmount(source.amount, currency) }) : t('transfer.minimumHint')}
            data-testid="transfer-amount"
          />
          {source && source.amount > 0 && (
            <button type="button" className="chip-btn amount-field__all" onClick={() => change({ amount: source.amount.toFixed(2) })} data-testid="transfer-fill-all">
              {t('transfer.fillAll')}
            </button>
          )}
        </div>

        <Button type="submit" isBlock disabled={isSending} isBusy={isBusyShown} data-testid="transfer-submit">
          {t('transfer.submit')}
        </Button>

        {gamesWithMoney.length > 0 && (
          <Button variant="secondary" isBlock disabled={isSending} isBusy={isAllBusyShown} onClick={() => sendAll.mutate()} data-testid="transfer-all-to-wallet">
            <Undo2 size={18} aria-hidden /> {t('transfer.allToWallet')}
          </Button>
        )}
      </form>
    </Modal>
  );
}

function Picker({
  kind,
  label,
  options,
  value,
  currency,
  onChange,
}: {
  kind: 'from' | 'to';
  label: string;
  options: PickerOption[];
  value: string;
  currency: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const optionCount = options.length;
  // A preset choice (opened from a game card) may sit below the fold of its list: bring it into view once.
  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>('[aria-checked="true"]');
    if (list && item) list.scrollTop = item.offsetTop - (list.clientHeight - item.clientHeight) / 2;
  }, [optionCount]);
  const items = [{ value: NONE, name: t('transfer.choose'), amount: null, logo: null }, ...options];

  return (
    <div className="picker">
      <span className="picker__label" id={labelId}>
        {label}
      </span>
      <div className="picker__list" ref={listRef} role="radiogroup" aria-labelledby={labelId} data-testid={`transfer-${kind}-picker`}>
        {items.map((item) => {
          const isSelected = item.value === value;
          const isHeader = item.value === NONE;
          return (
            <button
              key={item.value || 'none'}
              type="button"
              role="radio"
              aria-checked={isSelected}
              className={`picker__item${isSelected ? ' picker__item--selected' : ''}${isHeader ? ' picker__item--header' : ''}`}
              onClick={() => onChange(item.value)}
              data-testid={`transfer-${kind}-${item.value || 'none'}`}
            >
              {!isHeader &&
                (item.value === WALLET ? (
                  <span className="picker__wallet-icon" aria-hidden>
                    <WalletMinimal size={18} />
                  </span>
                ) : (
                  <GameLogo code={item.value} name={item.name} src={item.logo} size={30} />
                ))}
              <span className="picker__text">
                <span className="picker__name">{item.name}</span>
                {item.amount !== null && <span className="picker__amount">{formatAmount(item.amount, currency)}</span>}
              </span>
              {isSelected && !isHeader && <Check className="picker__check" size={16} aria-hidden />}
            </button>
          );
        })}
      </div>
    </div>
  );
}
