import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AdminSettings } from '@mekong/contracts/admin/settings';
import { useCan } from '@/lib/use-operator';
import { FieldError, SettingCard } from '@/features/settings/components/setting-fields';
import { useSettingForm } from '@/features/settings/hooks/use-setting-form';

type FormProps = { settings: AdminSettings; canSave: boolean };

/** The service switch, chat, one-time codes, the slip closed window and back-office access (settings.system). */
export function SystemSection({ settings }: { settings: AdminSettings }) {
  const canSave = useCan('settings.system');
  return (
    <div className="settings-grid">
      <ServiceForm settings={settings} canSave={canSave} />
      <SwitchesForm settings={settings} canSave={canSave} />
      <SlipForm settings={settings} canSave={canSave} />
      <AccessForm settings={settings} canSave={canSave} />
    </div>
  );
}

function ServiceForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const { form, onSubmit, isSaving } = useSettingForm('service', settings.service);
  const isTerminated = form.watch('terminated');
  return (
    <SettingCard
      title={t('service.title')}
      hint={t('service.hint')}
      canSave={canSave}
      isSaving={isSaving}
      onSubmit={onSubmit}
      testId="setting-service"
    >
      <label className="field field--inline">
        <input type="checkbox" {...form.register('terminated')} data-testid="service-terminated" />
        <span>{t('service.terminated')}</span>
      </label>
      {isTerminated ? <p className="notice notice--danger">{t('service.warning')}</p> : null}
    </SettingCard>
  );
}

/** Chat and one-time codes: two keys, each saved by its own form. */
function SwitchesForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const chat = useSettingForm('chatWidget', settings.chatWidget);
  const otp = useSettingForm('registerOtp', settings.registerOtp);
  return (
    <>
      <SettingCard
        title={t('chat.title')}
        hint={t('chat.hint')}
        canSave={canSave}
        isSaving={chat.isSaving}
        onSubmit={chat.onSubmit}
        testId="setting-chat"
      >
        <label className="field field--inline">
          <input type="checkbox" {...chat.form.register('enabled')} />
          <span>{t('chat.enabled')}</span>
        </label>
      </SettingCard>
      <SettingCard
        title={t('otp.title')}
        hint={t('otp.hint')}
        canSave={canSave}
        isSaving={otp.isSaving}
        onSubmit={otp.onSubmit}
        testId="setting-otp"
      >
        <label className="field field--inline">
          <input type="checkbox" {...otp.form.register('enabled')} />
          <span>{t('otp.enabled')}</span>
        </label>
      </SettingCard>
    </>
  );
}

function SlipForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const { form, onSubmit, isSaving } = useSettingForm('slip', settings.slip);
  const { errors } = form.formState;
  const time = (name: 'closedFrom' | 'closedTo') => (
    <label className="field">
      <span>{t(`slip.${name}`)}</span>
      <Controller
        control={form.control}
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
      <FieldError code={errors[name]?.message} />
    </label>
  );
  return (
    <SettingCard
      title={t('slip.title')}
      hint={t('slip.hint')}
      canSave={canSave}
      isSaving={isSaving}
      onSubmit={onSubmit}
      testId="setting-slip"
    >
      <div className="field-row">
        {time('closedFrom')}
        {time('closedTo')}
      </div>
    </SettingCard>
  );
}

function AccessForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const { form, onSubmit, isSaving } = useSettingForm('adminAccess', settings.adminAccess);
  const { errors } = form.formState;
  return (
    <SettingCard
      title={t('access.title')}
      hint={t('access.hint')}
      canSave={canSave}
      isSaving={isSaving}
      onSubmit={onSubmit}
      testId="setting-access"
    >
      <label className="field">
        <span>{t('access.allowlist')}</span>
        <Controller
          control={form.control}
          name="ipAllowlist"
          render={({ field }) => (
            <textarea
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
        <FieldError code={errors.ipAllowlist?.message ?? errors.ipAllowlist?.root?.message} />
      </label>
      <div className="field-row">
        <label className="field">
          <span>{t('access.idleMinutes')}</span>
          <input type="number" {...form.register('idleMinutes', { valueAsNumber: true })} />
          <FieldError code={errors.idleMinutes?.message} />
        </label>
        <label className="field">
          <span>{t('access.absoluteHours')}</span>
          <input type="number" {...form.register('absoluteHours', { valueAsNumber: true })} />
          <FieldError code={errors.absoluteHours?.message} />
        </label>
      </div>
    </SettingCard>
  );
}
