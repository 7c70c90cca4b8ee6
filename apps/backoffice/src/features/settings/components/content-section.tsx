import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HOWTO_VIDEO_KEYS, type AdminSettings } from '@mekong/contracts/admin/settings';
import { useCan } from '@/lib/use-operator';
import { LocalizedFields } from '@/features/settings/components/localized-fields';
import { FieldError, SettingCard } from '@/features/settings/components/setting-fields';
import { useSettingForm } from '@/features/settings/hooks/use-setting-form';

type FormProps = { settings: AdminSettings; canSave: boolean };

/** Brand, notice, contact and how-to videos (settings.content), each shown by the member app at once. */
export function ContentSection({ settings }: { settings: AdminSettings }) {
  const canSave = useCan('settings.content');
  return (
    <div className="settings-grid">
      <BrandForm settings={settings} canSave={canSave} />
      <NoticeForm settings={settings} canSave={canSave} />
      <ContactForm settings={settings} canSave={canSave} />
      <HowtoForm settings={settings} canSave={canSave} />
    </div>
  );
}

function BrandForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const stored = settings.brand;
  const brand = useMemo(
    () => (stored ? { ...stored, logoUrl: stored.logoUrl ?? '' } : undefined),
    [stored],
  );
  const { form, onSubmit, isSaving } = useSettingForm('brand', brand);
  const { errors } = form.formState;
  const [primary, accent, logo, name] = form.watch([
    'primaryColor',
    'accentColor',
    'logoUrl',
    'name',
  ]);
  return (
    <SettingCard
      title={t('brand.title')}
      hint={t('brand.hint')}
      canSave={canSave}
      isSaving={isSaving}
      onSubmit={onSubmit}
      testId="setting-brand"
    >
      <div className="field-row">
        <label className="field">
          <span>{t('brand.name')}</span>
          <input {...form.register('name')} data-testid="brand-name" />
          <FieldError code={errors.name?.message} />
        </label>
        <label className="field">
          <span>{t('brand.website')}</span>
          <input {...form.register('website')} placeholder="https://" />
          <FieldError code={errors.website?.message} />
        </label>
      </div>
      <label className="field">
        <span>{t('brand.logoUrl')}</span>
        <input {...form.register('logoUrl')} placeholder="https://" />
        <FieldError code={errors.logoUrl?.message} />
      </label>
      <div className="field-row">
        {(['primaryColor', 'accentColor'] as const).map((key) => (
          <label key={key} className="field">
            <span>{t(`brand.${key}`)}</span>
            <span className="color-input">
              <input
                type="color"
                value={/^#[0-9a-f]{6}$/i.test(form.watch(key) ?? '') ? form.watch(key) : '#000000'}
                onChange={(e) => form.setValue(key, e.target.value, { shouldDirty: true })}
                aria-hidden
                tabIndex={-1}
              />
              <input {...form.register(key)} data-testid={`brand-${key}`} />
            </span>
            <FieldError code={errors[key]?.message} />
          </label>
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
  const { form, onSubmit, isSaving } = useSettingForm('notice', settings.notice);
  const isShown = form.watch('text') !== null;
  return (
    <SettingCard
      title={t('notice.title')}
      hint={t('notice.hint')}
      canSave={canSave}
      isSaving={isSaving}
      onSubmit={onSubmit}
      testId="setting-notice"
    >
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
          register={form.register}
          errors={form.formState.errors}
          name="text"
          label={t('notice.text')}
          isMultiline
          rows={2}
        />
      ) : null}
    </SettingCard>
  );
}

function ContactForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const { form, onSubmit, isSaving } = useSettingForm('contact', settings.contact ?? undefined);
  const { errors } = form.formState;
  return (
    <SettingCard
      title={t('contact.title')}
      hint={t('contact.hint')}
      canSave={canSave}
      isSaving={isSaving}
      onSubmit={onSubmit}
      testId="setting-contact"
    >
      <LocalizedFields
        register={form.register}
        errors={errors}
        name="text"
        label={t('contact.text')}
        isMultiline
      />
      <div className="field-row">
        <label className="field">
          <span>{t('contact.lineId')}</span>
          <input {...form.register('lineId')} />
          <FieldError code={errors.lineId?.message} />
        </label>
        <label className="field">
          <span>{t('contact.lineUrl')}</span>
          <input {...form.register('lineUrl')} />
          <FieldError code={errors.lineUrl?.message} />
        </label>
      </div>
      <label className="field">
        <span>{t('contact.lineQr')}</span>
        <input {...form.register('lineQr')} />
        <FieldError code={errors.lineQr?.message} />
      </label>
    </SettingCard>
  );
}

function HowtoForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const { form, onSubmit, isSaving } = useSettingForm(
    'howto',
    settings.howto as { videos: Record<(typeof HOWTO_VIDEO_KEYS)[number], string> },
  );
  const { errors } = form.formState;
  return (
    <SettingCard
      title={t('howto.title')}
      hint={t('howto.hint')}
      canSave={canSave}
      isSaving={isSaving}
      onSubmit={onSubmit}
      testId="setting-howto"
    >
      {HOWTO_VIDEO_KEYS.map((key) => (
        <label key={key} className="field">
          <span>{t(`howto.videos.${key}`)}</span>
          <input
            {...form.register(`videos.${key}`)}
            placeholder="https://www.youtube.com/embed/…"
            data-testid={`howto-${key}`}
          />
          <FieldError code={errors.videos?.[key]?.message} />
        </label>
      ))}
    </SettingCard>
  );
}
