import { useFormContext, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { WheelSaveBody } from '@mekong/contracts/admin/promotions-wheel';
import { PRIZE_KINDS } from '@mekong/contracts/spinwheel';
import { Field, SelectField } from '@/components/form-fields';
import { NumberField, PromoLocalizedFields } from '@/features/promotions/components/form-fields';

type SliceProps = { control: Control<WheelSaveBody>; index: number };

/** A slice's code, colours, label and description. */
export function SliceIdentity({ control, index }: SliceProps) {
  const { t } = useTranslation('promotions');
  const { register, formState } = useFormContext<WheelSaveBody>();
  const errors = formState.errors.slices?.[index];
  return (
    <div className="promo-slice">
      <div className="promo-grid promo-grid--tight">
        <Field label={t('field.code')} error={errors?.code?.message}>
          <input {...register(`slices.${index}.code`)} />
        </Field>
        <Field
          label={t('wheel.colors')}
          error={errors?.bgColor?.message ?? errors?.textColor?.message}
        >
          <span className="promo-input">
            <input
              type="color"
              aria-label={t('wheel.bgColor')}
              {...register(`slices.${index}.bgColor`)}
            />
            <input
              type="color"
              aria-label={t('wheel.textColor')}
              {...register(`slices.${index}.textColor`)}
            />
          </span>
        </Field>
      </div>
      <PromoLocalizedFields
        control={control}
        name={`slices.${index}.label`}
        label={t('wheel.label')}
      />
      <details>
        <summary>{t('wheel.description')}</summary>
        <PromoLocalizedFields
          control={control}
          name={`slices.${index}.description`}
          label={t('wheel.description')}
          isMultiline
        />
      </details>
    </div>
  );
}

/** What a slice gives: nothing, cash (an amount) or a bonus (its code). */
export function SlicePrize({ control, index }: SliceProps) {
  const { t } = useTranslation('promotions');
  const { register, formState, setValue } = useFormContext<WheelSaveBody>();
  const kind = useWatch({ control, name: `slices.${index}.prizeKind` });
  const errors = formState.errors.slices?.[index];
  return (
    <div className="promo-slice">
      <SelectField
        label={t('wheel.prizeKind')}
        registration={register(`slices.${index}.prizeKind`, {
          onChange: () => {
            setValue(`slices.${index}.amountMinor`, 0);
            setValue(`slices.${index}.bonusCode`, null);
          },
        })}
        values={PRIZE_KINDS}
        textOf={(prize) => t(`prize.${prize}`)}
        error={errors?.prizeKind?.message}
      />
      {kind === 'cash' ? (
        <NumberField
          key="cash"
          control={control}
          name={`slices.${index}.amountMinor`}
          label={t('wheel.amount')}
          isMoney
          suffix="฿"
        />
      ) : null}
      {kind === 'bonus' ? (
        <Field label={t('wheel.bonusCode')} error={errors?.bonusCode?.message}>
          <input
            {...register(`slices.${index}.bonusCode`, {
              setValueAs: (value: string | null) => (value ? value.trim().toUpperCase() : null),
            })}
          />
        </Field>
      ) : null}
    </div>
  );
}
