import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, LocalizedFields } from '@/components/form-fields';
import { HowtoForm } from '@/features/settings/components/howto-section';
import { SettingCard, type FormProps } from '@/features/settings/components/setting-fields';
import { useSettingForm } from '@/features/settings/hooks/use-setting-form';

/** Brand, notice, contact and how-to videos (settings.content), each shown by the member app at once. */
export const contentForms = [BrandForm, NoticeForm, ContactForm, HowtoForm];

function BrandForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const stored = settings.brand;
  const brand = useMemo(
    () => (stored ? { ...stored, logoUrl: stored.logoUrl ?? '' } : undefined),
    [stored],
  );
  const setting = useSettingForm('brand', brand);
  const { register, formState, watch, setValue } = setting.form;
  const { errors } = formState;
  const [primary, accent, logo, name] = watch(['primaryColor', 'accentColor', 'logoUrl', 'name']);
  return (
    <SettingCard section="brand" setting={setting} canSave={canSave} testId="setting-brand">
      <div className="field-row">
        <Field label={t('brand.name')} error={errors.name?.message}>
          <input {...register('name')} data-testid="brand-name" />
        </Field>
        <Field label={t('brand.website')} error={errors.website?.message}>
          <input {...register('website')} placeholder="https://" />
        </Field>
      </div>
      <Field label={t('brand.logoUrl')} error={errors.logoUrl?.message}>
        <input {...register('logoUrl')} placeholder="https://" />
      </Field>
      <div className="field-row">
        {(['primaryColor', 'accentColor'] as const).map((key) => (
          <Field key={key} label={t(`brand.${key}`)} error={errors[key]?.message}>
            <span className="color-input">
              <input
                type="color"
                value={/^#[0-9a-f]{6}$/i.test(watch(key) ?? '') ? watch(key) : '#000000'}
                onChange={(e) => setValue(key, e.target.value, { shouldDirty: true })}
                aria-hidden
                tabIndex={-1}
              />
              <input {...register(key)} data-testid={`brand-${key}`} />
            </span>
          </Field>
        ))}
      </div>
      <div
        className="brand-preview"
        style={{ background: primary, borderColor: accent }}
        aria-label={t('brand.preview')}
      >
        {logo ? <img src={logo} alt="" height={28} /> : null}
        <strong>{name}</strong>
        <span className="brand-preview__accent" style={{ background: accent }} />
      </div>
    </SettingCard>
  );
}

function NoticeForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const setting = useSettingForm('notice', settings.notice);
  const { form } = setting;
  const isShown = form.watch('text') !== null;
  return (
    <SettingCard section="notice" setting={setting} canSave={canSave} testId="setting-notice">
      <label className="field field--inline">
        <input
          type="checkbox"
          checked={isShown}
          data-testid="notice-shown"
          onChange={(e) =>
            form.setValue(
              'text',
              e.target.checked ? (settings.notice.text ?? { th: '', la: '', en: '' }) : null,
              { shouldDirty: true },
            )
          }
        />
        <span>{t('notice.isShown')}</span>
      </label>
      {isShown ? (
        <LocalizedFields
          control={form.control}
          name="text"
          label={t('notice.text')}
          isMultiline
          rows={2}
          className="localized"
        />
      ) : null}
    </SettingCard>
  );
}

function ContactForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const setting = useSettingForm('contact', settings.contact ?? undefined);
  const { control, register, formState } = setting.form;
  const line = (name: 'lineId' | 'lineUrl' | 'lineQr') => (
    <Field label={t(`contact.${name}`)} error={formState.errors[name]?.message}>
      <input {...register(name)} />
    </Field>
  );
  return (
    <SettingCard section="contact" setting={setting} canSave={canSave} testId="setting-contact">
      <LocalizedFields
        control={control}
        name="text"
        label={t('contact.text')}
        isMultiline
        className="localized"
      />
      <div className="field-row">
        {line('lineId')}
        {line('lineUrl')}
      </div>
      {line('lineQr')}
    </SettingCard>
  );
}
