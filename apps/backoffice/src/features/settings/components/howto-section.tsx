import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  adminUploadHowtoVideoContract,
  HOWTO_POSTER_FIELD,
  HOWTO_VIDEO_FIELD,
} from '@mekong/contracts/admin/settings';
import { LOCALES, type Locale } from '@mekong/contracts/constants';
import { HOWTO_VIDEO_KEYS, isHowtoMediaUrl, type HowtoVideoKey } from '@mekong/contracts/lookup';
import { Button } from '@/components/button';
import { Field } from '@/components/form-fields';
import { TabList } from '@/components/tab-list';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { adminUpload } from '@/lib/api-client';
import { SETTINGS_KEY } from '@/features/settings/api/settings-api';
import { SettingCard, type FormProps } from '@/features/settings/components/setting-fields';
import { useSettingForm } from '@/features/settings/hooks/use-setting-form';

type Upload = { language: Locale; topic: HowtoVideoKey; video: File; poster: File | null };

function uploadHowto({ language, topic, video, poster }: Upload) {
  const form = new FormData();
  form.append(HOWTO_VIDEO_FIELD, video);
  if (poster) form.append(HOWTO_POSTER_FIELD, poster);
  return adminUpload(adminUploadHowtoVideoContract, { language, topic }, form);
}

/**
 * The how-to page's five videos per language (docs/decisions/0020-howto-videos.md): an uploaded MP4 (with a poster),
 * or an embeddable https address. An upload is saved at once; addresses are saved with the card's button.
 */
export function HowtoForm({ settings, canSave }: FormProps) {
  const { t } = useTranslation('settings');
  const [language, setLanguage] = useState<Locale>('th');
  const setting = useSettingForm('howto', settings.howto);
  const { register, formState, watch, setValue } = setting.form;
  const upload = useAdminMutation({ run: uploadHowto, invalidates: [SETTINGS_KEY] });
  return (
    <SettingCard section="howto" setting={setting} canSave={canSave} testId="setting-howto">
      <TabList
        tabs={LOCALES}
        selected={language}
        onSelect={setLanguage}
        textOf={(lang) => t(`common:lang.${lang}`)}
        label={t('howto.language')}
        testIdPrefix="howto-language-"
      />
      {HOWTO_VIDEO_KEYS.map((key) => {
        const [url, posterUrl] = watch([
          `videos.${language}.${key}.url`,
          `videos.${language}.${key}.posterUrl`,
        ]);
        const isUploaded = isHowtoMediaUrl(url);
        return (
          <div
            key={`${language}-${key}`}
            className="howto-row"
            data-testid={`howto-${language}-${key}`}
          >
            <strong className="howto-row__title">{t(`howto.videos.${key}`)}</strong>
            {isUploaded ? (
              // An upload is named by its poster, not by its storage address.
              <div className="howto-row__uploaded">
                <a href={url} target="_blank" rel="noreferrer">
                  {posterUrl ? <img src={posterUrl} alt="" width={48} height={104} /> : null}
                  <span>{t('howto.uploaded')}</span>
                </a>
                {canSave ? (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setValue(`videos.${language}.${key}.url`, '', { shouldDirty: true });
                      setValue(`videos.${language}.${key}.posterUrl`, '', { shouldDirty: true });
                    }}
                    data-testid={`howto-clear-${language}-${key}`}
                  >
                    {t('howto.useAddress')}
                  </Button>
                ) : null}
              </div>
            ) : (
              <Field
                label={t('howto.address')}
                error={formState.errors.videos?.[language]?.[key]?.url?.message}
              >
                <input
                  {...register(`videos.${language}.${key}.url`, {
                    // An address typed over an upload drops the upload's poster with it.
                    onChange: () => setValue(`videos.${language}.${key}.posterUrl`, ''),
                  })}
                  placeholder="https://www.youtube.com/embed/…"
                  data-testid={`howto-url-${language}-${key}`}
                />
              </Field>
            )}
            <div className="howto-row__media">
              {canSave ? (
                <UploadButtons
                  isBusy={upload.isPending}
                  testId={`howto-upload-${language}-${key}`}
                  onUpload={(video, poster) =>
                    upload.mutate({ language, topic: key, video, poster })
                  }
                />
              ) : null}
            </div>
          </div>
        );
      })}
    </SettingCard>
  );
}

/** Picks the MP4 and, optionally, its poster, then sends them. */
function UploadButtons({
  isBusy,
  testId,
  onUpload,
}: {
  isBusy: boolean;
  testId: string;
  onUpload: (video: File, poster: File | null) => void;
}) {
  const { t } = useTranslation('settings');
  const [video, setVideo] = useState<File | null>(null);
  const [poster, setPoster] = useState<File | null>(null);
  return (
    <div className="howto-upload" data-testid={testId}>
      <FilePicker
        label={t('howto.videoFile')}
        accept="video/mp4"
        onPick={setVideo}
        testId={`${testId}-video`}
      />
      <FilePicker
        label={t('howto.posterFile')}
        accept="image/jpeg,image/png"
        onPick={setPoster}
        testId={`${testId}-poster`}
      />
      <Button
        variant="secondary"
        isBusy={isBusy}
        disabled={!video}
        onClick={() => video && onUpload(video, poster)}
        data-testid={`${testId}-send`}
      >
        {t('howto.upload')}
      </Button>
    </div>
  );
}

function FilePicker(props: {
  label: string;
  accept: string;
  onPick: (file: File | null) => void;
  testId: string;
}) {
  return (
    <label className="field howto-upload__file">
      <span>{props.label}</span>
      <input
        type="file"
        accept={props.accept}
        onChange={(event) => props.onPick(event.target.files?.[0] ?? null)}
        data-testid={props.testId}
      />
    </label>
  );
}
