import { useMemo } from 'react';
import type { Control, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, LocalizedFields } from '@/components/form-fields';
import { SettingCard, type FormProps } from '@/features/settings/components/setting-fields';
import { useSettingForm } from '@/features/settings/hooks/use-setting-form';

/** The agreement (a new version asks every member again) and the conditions (settings.content). */
export const agreementForms = [AgreementForm, ConditionsForm];

/** The heading and the text (HTML) of the agreement or the conditions, in every language. */
function TitledTextFields<T extends FieldValues>({ control }: { control: Control<T> }) {
  const { t } = useTranslation('settings');
  return (
    <>
      <LocalizedFields
        control={control}
        name="title"
        label={t('agreement.heading')}
        className="localized"
      />
      <LocalizedFields
        control={control}
        name="html"
        label={t('agreement.html')}
        isMultiline
        rows={6}
        className="localized"
      />
    </>
  );
}

function AgreementForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const current = settings.agreement;
  const values = useMemo(
    () => (current ? { title: current.title, html: current.html, isNewVersion: false } : undefined),
    [current],
  );
  const setting = useSettingForm('agreement', values);
  const isNewVersion = setting.form.watch('isNewVersion');
  return (
    <SettingCard
      section="agreement"
      hint={current ? t('agreement.version', { version: current.version }) : t('agreement.none')}
      setting={setting}
      canSave={canSave}
      testId="setting-agreement"
    >
      <TitledTextFields control={setting.form.control} />
      <CheckboxField
        label={t('agreement.isNewVersion')}
        registration={setting.form.register('isNewVersion')}
        testId="agreement-new-version"
      />
      <p className={`notice ${isNewVersion ? 'notice--warn' : ''}`}>
        {isNewVersion ? t('agreement.newVersionWarning') : t('agreement.wordingFix')}
      </p>
    </SettingCard>
  );
}

function ConditionsForm({ settings, canSave }: FormProps) {
  const setting = useSettingForm('conditions', settings.conditions ?? undefined);
  return (
    <SettingCard
      section="conditions"
      setting={setting}
      canSave={canSave}
      testId="setting-conditions"
    >
      <TitledTextFields control={setting.form.control} />
    </SettingCard>
  );
}
