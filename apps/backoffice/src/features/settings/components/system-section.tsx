import type { ComponentType } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, Field } from '@/components/form-fields';
import { SettingCard, type FormProps } from '@/features/settings/components/setting-fields';
import { useSettingForm } from '@/features/settings/hooks/use-setting-form';

/** The service switch, chat, one-time codes, the slip closed window and back-office access (settings.system). */
export const systemForms: ComponentType<FormProps>[] = [
  ServiceForm,
  (props) => <SwitchForm settingKey="chatWidget" section="chat" {...props} />,
  (props) => <SwitchForm settingKey="registerOtp" section="otp" {...props} />,
  SlipForm,
  AccessForm,
];

function ServiceForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const setting = useSettingForm('service', settings.service);
  const isTerminated = setting.form.watch('terminated');
  return (
    <SettingCard section="service" setting={setting} canSave={canSave} testId="setting-service">
      <CheckboxField
        label={t('service.terminated')}
        registration={setting.form.register('terminated')}
        testId="service-terminated"
      />
      {isTerminated ? <p className="notice notice--danger">{t('service.warning')}</p> : null}
    </SettingCard>
  );
}

/** Chat or one-time codes: one key holding one switch. */
function SwitchForm({
  settingKey,
  section,
  settings,
  canSave,
}: FormProps & { settingKey: 'chatWidget' | 'registerOtp'; section: 'chat' | 'otp' }) {
  const { t } = useTranslation('settings');
  const setting = useSettingForm(settingKey, settings[settingKey]);
  return (
    <SettingCard
      section={section}
      setting={setting}
      canSave={canSave}
      testId={`setting-${section}`}
    >
      <CheckboxField
        label={t(`${section}.enabled`)}
        registration={setting.form.register('enabled')}
      />
    </SettingCard>
  );
}

function SlipForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const setting = useSettingForm('slip', settings.slip);
  const { control, formState } = setting.form;
  return (
    <SettingCard section="slip" setting={setting} canSave={canSave} testId="setting-slip">
      <div className="field-row">
        {(['closedFrom', 'closedTo'] as const).map((name) => (
          <Field key={name} label={t(`slip.${name}`)} error={formState.errors[name]?.message}>
            <Controller
              control={control}
              name={name}
              render={({ field }) => (
                <input
                  type="time"
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.target.value || null)}
                  data-testid={`slip-${name}`}
                />
              )}
            />
          </Field>
        ))}
      </div>
    </SettingCard>
  );
}

function AccessForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const setting = useSettingForm('adminAccess', settings.adminAccess);
  const { control, register, formState } = setting.form;
  const { errors } = formState;
  return (
    <SettingCard section="access" setting={setting} canSave={canSave} testId="setting-access">
      <Field
        label={t('access.allowlist')}
        error={errors.ipAllowlist?.message ?? errors.ipAllowlist?.root?.message}
      >
        <Controller
          control={control}
          name="ipAllowlist"
          render={({ field }) => (
            <textarea
              // Typed freely, so not controlled: shown again from the form when a change starts or stops waiting.
              key={setting.pending?.id ?? 'in-effect'}
              rows={4}
              defaultValue={(field.value ?? []).join('\n')}
              placeholder="203.0.113.0/24"
              data-testid="access-allowlist"
              onChange={(e) =>
                field.onChange(
                  e.target.value
                    .split('\n')
                    .map((line) => line.trim())
                    .filter((line) => line !== ''),
                )
              }
            />
          )}
        />
      </Field>
      <div className="field-row">
        {(['idleMinutes', 'absoluteHours'] as const).map((name) => (
          <Field key={name} label={t(`access.${name}`)} error={errors[name]?.message}>
            <input type="number" {...register(name, { valueAsNumber: true })} />
          </Field>
        ))}
      </div>
    </SettingCard>
  );
}
