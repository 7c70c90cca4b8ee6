import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useController, useFieldArray, type Control, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FieldError } from '@/components/form-fields';
import { PromoLocalizedFields } from '@/features/promotions/components/form-fields';

type WithBanners = FieldValues & {
  banners: { image: string; html: { th: string; la: string; en: string } }[];
};

/** Up to five banners: a picture (shown small beside its address) and its text in each language. */
export function BannerFields({ control: anyControl }: { control: unknown }) {
  const control = anyControl as Control<WithBanners>;
  const { t } = useTranslation('promotions');
  const banners = useFieldArray({
    control: control as unknown as Control<WithBanners>,
    name: 'banners',
  });
  return (
    <div className="promo-banners">
      {banners.fields.map((banner, index) => (
        <div key={banner.id} className="promo-banner">
          <BannerImage control={control} index={index} />
          <PromoLocalizedFields
            control={control}
            name={`banners.${index}.html`}
            label={t('field.bannerHtml')}
            isMultiline
          />
          <Button variant="ghost" onClick={() => banners.remove(index)}>
            <Trash2 size={16} aria-hidden /> {t('action.removeBanner')}
          </Button>
        </div>
      ))}
      {banners.fields.length < 5 ? (
        <Button
          variant="secondary"
          onClick={() => banners.append({ image: '', html: { th: '', la: '', en: '' } })}
        >
          <Plus size={16} aria-hidden /> {t('action.addBanner')}
        </Button>
      ) : null}
    </div>
  );
}

function BannerImage({ control, index }: { control: Control<WithBanners>; index: number }) {
  const { t } = useTranslation('promotions');
  const { field, fieldState } = useController({ control, name: `banners.${index}.image` });
  const id = useId();
  const src = typeof field.value === 'string' ? field.value : '';
  return (
    <div className="promo-banner__picture">
      <div className="field">
        <label htmlFor={id}>{t('field.image')}</label>
        <input id={id} {...field} placeholder="https://…" />
        <FieldError code={fieldState.error?.message} />
      </div>
      {/^(https:|data:image\/|\/)/.test(src) ? (
        <img className="promo-banner__thumb" src={src} alt="" />
      ) : (
        <span className="promo-banner__thumb" aria-hidden />
      )}
    </div>
  );
}
