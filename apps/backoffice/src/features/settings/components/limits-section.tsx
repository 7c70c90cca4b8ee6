import { useTranslation } from 'react-i18next';
import { CheckboxField, Field } from '@/components/form-fields';
import {
  MinorAmountField,
  MinorAmountFields,
  SettingCard,
  type FormProps,
} from '@/features/settings/components/setting-fields';
import { useSettingForm } from '@/features/settings/hooks/use-setting-form';

/**
 * Money settings (settings.money): withdrawal range and daily limits, manual deposits; and the approval limits, which
 * restrain finance and so only the owner saves (settings.system, docs/back-office/settings.md).
 */
export const limitsForms = [WithdrawForm, WithdrawLimitsForm, DepositForm, ApprovalsForm];

function WithdrawForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const setting = useSettingForm('withdraw', settings.withdraw ?? undefined);
  return (
    <SettingCard section="withdraw" setting={setting} canSave={canSave} testId="setting-withdraw">
      <MinorAmountFields
        control={setting.form.control}
        fields={[
          { name: 'minMinor', label: t('withdraw.min'), testId: 'withdraw-min' },
          { name: 'maxMinor', label: t('withdraw.max'), testId: 'withdraw-max' },
        ]}
      />
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
      <MinorAmountFields
        control={control}
        fields={[
          { name: 'dailyAmountMinor', label: t('withdrawLimits.dailyAmount') },
          {
            name: 'autoPayoutMaxMinor',
            label: t('withdrawLimits.autoPayout'),
            testId: 'auto-payout',
          },
        ]}
      />
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

function ApprovalsForm({ settings }: FormProps) {
  const { t } = useTranslation('settings');
  const setting = useSettingForm('approvals', settings.approvals);
  const { control } = setting.form;
  return (
    <SettingCard
      section="approvals"
      setting={setting}
      canSave={setting.canSave}
      testId="setting-approvals"
    >
      <MinorAmountField
        control={control}
        name="secondApprovalAboveMinor"
        label={t('approvals.secondAbove')}
      />
      <MinorAmountFields
        control={control}
        fields={(['owner', 'finance'] as const).map((role) => ({
          name: `adjustLimitMinor.${role}` as const,
          label: t(`approvals.${role}Limit`),
        }))}
      />
    </SettingCard>
  );
}
