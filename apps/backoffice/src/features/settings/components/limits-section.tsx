import { useTranslation } from 'react-i18next';
import type { AdminSettings } from '@mekong/contracts/admin/settings';
import { CheckboxField, Field } from '@/components/form-fields';
import { useCan } from '@/lib/use-operator';
import {
  MinorAmountField,
  SettingCard,
  type FormProps,
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

function WithdrawForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const setting = useSettingForm('withdraw', settings.withdraw ?? undefined);
  const { control } = setting.form;
  return (
    <SettingCard section="withdraw" setting={setting} canSave={canSave} testId="setting-withdraw">
      <div className="field-row">
        <MinorAmountField
          control={control}
          name="minMinor"
          label={t('withdraw.min')}
          testId="withdraw-min"
        />
        <MinorAmountField
          control={control}
          name="maxMinor"
          label={t('withdraw.max')}
          testId="withdraw-max"
        />
      </div>
    </SettingCard>
  );
}

function WithdrawLimitsForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const setting = useSettingForm('withdrawLimits', settings.withdrawLimits);
  const { control, register, formState } = setting.form;
  return (
    <SettingCard
      section="withdrawLimits"
      setting={setting}
      canSave={canSave}
      testId="setting-withdraw-limits"
    >
      <Field label={t('withdrawLimits.dailyCount')} error={formState.errors.dailyCount?.message}>
        <input type="number" min={1} {...register('dailyCount', { valueAsNumber: true })} />
      </Field>
      <div className="field-row">
        <MinorAmountField
          control={control}
          name="dailyAmountMinor"
          label={t('withdrawLimits.dailyAmount')}
        />
        <MinorAmountField
          control={control}
          name="autoPayoutMaxMinor"
          label={t('withdrawLimits.autoPayout')}
          testId="auto-payout"
        />
      </div>
    </SettingCard>
  );
}

function DepositForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const setting = useSettingForm('deposit', settings.deposit);
  return (
    <SettingCard section="deposit" setting={setting} canSave={canSave} testId="setting-deposit">
      <CheckboxField
        label={t('deposit.isManual')}
        registration={setting.form.register('isManual')}
      />
    </SettingCard>
  );
}

function ApprovalsForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const setting = useSettingForm('approvals', settings.approvals);
  const { control } = setting.form;
  return (
    <SettingCard section="approvals" setting={setting} canSave={canSave} testId="setting-approvals">
      <MinorAmountField
        control={control}
        name="secondApprovalAboveMinor"
        label={t('approvals.secondAbove')}
      />
      <div className="field-row">
        {(['owner', 'finance'] as const).map((role) => (
          <MinorAmountField
            key={role}
            control={control}
            name={`adjustLimitMinor.${role}`}
            label={t(`approvals.${role}Limit`)}
          />
        ))}
      </div>
    </SettingCard>
  );
}
