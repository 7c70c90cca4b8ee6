import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PendingSettingChange } from '@mekong/contracts/admin/setting-changes';
import {
  operatorAccountBodySchema,
  type OperatorAccount,
  type OperatorAccountBody,
} from '@mekong/contracts/admin/settings-catalogue';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useAdminMutation } from '@/components/use-admin-mutation';
import {
  ACCOUNTS_KEY,
  createAccount,
  PENDING_KEY,
  updateAccount,
} from '@/features/settings/api/settings-api';
import { FieldError } from '@/components/form-fields';
import { formatDateTime } from '@/lib/format';

const EMPTY: OperatorAccountBody = {
  kind: 'bank',
  channel: '',
  bankType: 'deposit',
  mode: 'auto',
  accountName: '',
  accountNo: '',
  currency: 'BAHT',
  isEnabled: true,
};

function bodyOf(account: OperatorAccount): OperatorAccountBody {
  const { kind, channel, bankType, mode, accountName, accountNo, currency, isEnabled } = account;
  return { kind, channel, bankType, mode, accountName, accountNo, currency, isEnabled };
}

/** The toast after an account change: it waits for a second operator until its time (or nothing changed). */
export function useWaitingText() {
  const { t, i18n } = useTranslation('settings');
  return (waiting: PendingSettingChange | null) =>
    waiting
      ? t('pending.saved', { time: formatDateTime(waiting.effectiveAt, i18n.language) })
      : t('common:saved');
}

/** Adds or edits one deposit account, checked by the contract's schema before it is sent. */
export function AccountDialog({
  account,
  onClose,
}: {
  account: OperatorAccount | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('settings');
  const form = useForm<OperatorAccountBody>({
    resolver: zodResolver(operatorAccountBodySchema) as unknown as Resolver<OperatorAccountBody>,
    defaultValues: EMPTY,
  });
  useEffect(() => {
    if (account) form.reset(account === 'new' ? EMPTY : bodyOf(account));
  }, [account, form]);
  const waitingText = useWaitingText();
  const save = useAdminMutation({
    run: (body: OperatorAccountBody) =>
      account && account !== 'new' ? updateAccount(account.id, body) : createAccount(body),
    invalidates: [ACCOUNTS_KEY, PENDING_KEY],
    successText: waitingText,
    onSuccess: onClose,
  });
  const { errors } = form.formState;
  const kind = form.watch('kind');
  const select = (name: keyof OperatorAccountBody, options: readonly string[], group: string) => (
    <label className="field">
      <span>{t(`accounts.${name}`)}</span>
      <select {...form.register(name)} data-testid={`account-${name}`}>
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`accounts.${group}.${o}`)}
          </option>
        ))}
      </select>
      <FieldError code={errors[name]?.message} />
    </label>
  );
  return (
    <Dialog
      isOpen={account !== null}
      onClose={onClose}
      title={account === 'new' ? t('accounts.add') : t('accounts.edit')}
      size="wide"
    >
      <form
        className="form"
        onSubmit={(event) => void form.handleSubmit((body) => save.mutate(body))(event)}
      >
        <div className="field-row">
          {select('kind', ['bank', 'wallet'], 'kinds')}
          <label className="field">
            <span>{kind === 'bank' ? t('accounts.bankCode') : t('accounts.walletChannel')}</span>
            {kind === 'bank' ? (
              <input
                {...form.register('channel')}
                placeholder="KBANK"
                data-testid="account-channel"
              />
            ) : (
              <select {...form.register('channel')} data-testid="account-channel">
                <option value="truemoney">TrueMoney</option>
                <option value="promptpay">PromptPay</option>
              </select>
            )}
            <FieldError code={errors.channel?.message} />
          </label>
        </div>
        <div className="field-row">
          <label className="field">
            <span>{t('accounts.accountName')}</span>
            <input {...form.register('accountName')} data-testid="account-name" />
            <FieldError code={errors.accountName?.message} />
          </label>
          <label className="field">
            <span>{t('accounts.accountNo')}</span>
            <input inputMode="numeric" {...form.register('accountNo')} data-testid="account-no" />
            <FieldError code={errors.accountNo?.message} />
          </label>
        </div>
        <div className="field-row">
          {select('bankType', ['deposit', 'withdraw', 'both'], 'bankTypes')}
          {select('mode', ['auto', 'manual'], 'modes')}
          <label className="field">
            <span>{t('accounts.currency')}</span>
            <select {...form.register('currency')}>
              <option value="BAHT">BAHT</option>
              <option value="LAK">LAK</option>
            </select>
          </label>
        </div>
        <label className="field field--inline">
          <input type="checkbox" {...form.register('isEnabled')} />
          <span>{t('accounts.isEnabled')}</span>
        </label>
        <FieldError code={errors.root?.message} />
        <div className="form__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" isBusy={save.isPending} data-testid="account-save">
            {t('common:save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
