import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSettings } from '@mekong/contracts/admin/settings';
import { useCan } from '@/lib/use-operator';
import { LocalizedFields } from '@/features/settings/components/localized-fields';
import { SettingCard } from '@/features/settings/components/setting-fields';
import { useSettingForm } from '@/features/settings/hooks/use-setting-form';

type FormProps = { settings: AdminSettings; canSave: boolean };

/** The agreement (a new version asks every member again) and the conditions (settings.content). */
export function AgreementSection({ settings }: { settings: AdminSettings }) {
  const canSave = useCan('settings.content');
  return (
    <div className="settings-stack">
      <AgreementForm settings={settings} canSave={canSave} />
      <ConditionsForm settings={settings} canSave={canSave} />
    </div>
  );
}

function AgreementForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const current = settings.agreement;
  const values = useMemo(
    () => (current ? { title: current.title, html: current.html, isNewVersion: false } : undefined),
    [current],
  );
  const { form, onSubmit, isSaving } = useSettingForm('agreement', values);
  const { errors } = form.formState;
  const isNewVersion = form.watch('isNewVersion');
  return (
    <SettingCard
      title={t('agreement.title')}
      hint={current ? t('agreement.version', { version: current.version }) : t('agreement.none')}
      canSave={canSave}
      isSaving={isSaving}
      onSubmit={onSubmit}
      testId="setting-agreement"
    >
      <LocalizedFields
        register={form.register}
        errors={errors}
        name="title"
        label={t('agreement.heading')}
      />
      <LocalizedFields
        register={form.register}
        errors={errors}
        name="html"
        label={t('agreement.html')}
        isMultiline
        rows={6}
      />
      <label className="field field--inline">
        <input
          type="checkbox"
          {...form.register('isNewVersion')}
          data-testid="agreement-new-version"
        />
        <span>{t('agreement.isNewVersion')}</span>
      </label>
      <p className={`notice ${isNewVersion ? 'notice--warn' : ''}`}>
        {isNewVersion ? t('agreement.newVersionWarning') : t('agreement.wordingFix')}
      </p>
    </SettingCard>
  );
}

function ConditionsForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const { form, onSubmit, isSaving } = useSettingForm(
    'conditions',
    settings.conditions ?? undefined,
  );
  const { errors } = form.formState;
  return (
    <SettingCard
      title={t('conditions.title')}
      hint={t('conditions.hint')}
      canSave={canSave}
      isSaving={isSaving}
      onSubmit={onSubmit}
      testId="setting-conditions"
    >
      <LocalizedFields
        register={form.register}
        errors={errors}
        name="title"
        label={t('agreement.heading')}
      />
      <LocalizedFields
        register={form.register}
        errors={errors}
        name="html"
        label={t('agreement.html')}
        isMultiline
        rows={6}
      />
    </SettingCard>
  );
}
