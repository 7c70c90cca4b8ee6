import { useTranslation } from 'react-i18next';
import type { AdminSettings } from '@mekong/contracts/admin/settings';
import { useCan } from '@/lib/use-operator';
import {
  FieldError,
  MinorAmountField,
  SettingCard,
} from '@/features/settings/components/setting-fields';
import { useSettingForm } from '@/features/settings/hooks/use-setting-form';

/** Money settings (settings.money): withdrawal range and daily limits, manual deposits, approval limits. */
export function LimitsSection({ settings }: { settings: AdminSettings }) {
  const canSave = useCan('settings.money');
  return (
    <div className="settings-grid">
      <WithdrawForm settings={settings} canSave={canSave} />
      <WithdrawLimitsForm settings={settings} canSave={canSave} />
      <DepositForm settings={settings} canSave={canSave} />
      <ApprovalsForm settings={settings} canSave={canSave} />
    </div>
  );
}

type FormProps = { settings: AdminSettings; canSave: boolean };

function WithdrawForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const { form, onSubmit, isSaving } = useSettingForm('withdraw', settings.withdraw ?? undefined);
  const { errors } = form.formState;
  return (
    <SettingCard
      title={t('withdraw.title')}
      hint={t('withdraw.hint')}
      canSave={canSave}
      isSaving={isSaving}
      onSubmit={onSubmit}
      testId="setting-withdraw"
    >
      <div className="field-row">
        <MinorAmountField
          control={form.control}
          name="minMinor"
          label={t('withdraw.min')}
          error={errors.minMinor?.message}
          testId="withdraw-min"
        />
        <MinorAmountField
          control={form.control}
          name="maxMinor"
          label={t('withdraw.max')}
          error={errors.maxMinor?.message}
          testId="withdraw-max"
        />
      </div>
    </SettingCard>
  );
}

function WithdrawLimitsForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const { form, onSubmit, isSaving } = useSettingForm('withdrawLimits', settings.withdrawLimits);
  const { errors } = form.formState;
  return (
    <SettingCard
      title={t('withdrawLimits.title')}
      hint={t('withdrawLimits.hint')}
      canSave={canSave}
      isSaving={isSaving}
      onSubmit={onSubmit}
      testId="setting-withdraw-limits"
    >
      <label className="field">
        <span>{t('withdrawLimits.dailyCount')}</span>
        <input type="number" min={1} {...form.register('dailyCount', { valueAsNumber: true })} />
        <FieldError code={errors.dailyCount?.message} />
      </label>
      <div className="field-row">
        <MinorAmountField
          control={form.control}
          name="dailyAmountMinor"
          label={t('withdrawLimits.dailyAmount')}
          error={errors.dailyAmountMinor?.message}
        />
        <MinorAmountField
          control={form.control}
          name="autoPayoutMaxMinor"
          label={t('withdrawLimits.autoPayout')}
          error={errors.autoPayoutMaxMinor?.message}
          testId="auto-payout"
        />
      </div>
    </SettingCard>
  );
}

function DepositForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const { form, onSubmit, isSaving } = useSettingForm('deposit', settings.deposit);
  return (
    <SettingCard
      title={t('deposit.title')}
      hint={t('deposit.hint')}
      canSave={canSave}
      isSaving={isSaving}
      onSubmit={onSubmit}
      testId="setting-deposit"
    >
      <label className="field field--inline">
        <input type="checkbox" {...form.register('isManual')} />
        <span>{t('deposit.isManual')}</span>
      </label>
    </SettingCard>
  );
}

function ApprovalsForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const { form, onSubmit, isSaving } = useSettingForm('approvals', settings.approvals);
  const { errors } = form.formState;
  return (
    <SettingCard
      title={t('approvals.title')}
      hint={t('approvals.hint')}
      canSave={canSave}
      isSaving={isSaving}
      onSubmit={onSubmit}
      testId="setting-approvals"
    >
      <MinorAmountField
        control={form.control}
        name="secondApprovalAboveMinor"
        label={t('approvals.secondAbove')}
        error={errors.secondApprovalAboveMinor?.message}
      />
      <div className="field-row">
        <MinorAmountField
          control={form.control}
          name="adjustLimitMinor.owner"
          label={t('approvals.ownerLimit')}
          error={errors.adjustLimitMinor?.owner?.message}
        />
        <MinorAmountField
          control={form.control}
          name="adjustLimitMinor.finance"
          label={t('approvals.financeLimit')}
          error={errors.adjustLimitMinor?.finance?.message}
        />
      </div>
    </SettingCard>
  );
}
