import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  FormProvider,
  useFieldArray,
  useForm,
  useFormContext,
  useWatch,
  type Control,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  wheelSaveBodySchema,
  type AdminWheelAnswer,
  type WheelSaveBody,
} from '@mekong/contracts/admin/promotions-wheel';
import { PRIZE_KINDS } from '@mekong/contracts/spinwheel';
import { Button } from '@/components/button';
import { QueryState } from '@/components/query-state';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { formatMinor, parseAmountToMinor } from '@/lib/format';
import { useCan } from '@/lib/use-operator';
import {
  WHEEL_KEY,
  saveCoinRule,
  saveWheel,
  setWheelActive,
  useWheel,
} from '@/features/promotions/api/promotions-api';
import {
  FieldError,
  LocalizedFields,
  NumberField,
} from '@/features/promotions/components/form-fields';

const same = (text: string) => ({ th: text, la: text, en: text });

function formOf(answer: AdminWheelAnswer): WheelSaveBody {
  return {
    name: answer.wheel?.name ?? 'Lucky wheel',
    title: answer.wheel?.title ?? same('Lucky wheel'),
    couponDays: answer.wheel?.couponDays ?? 7,
    slices: (answer.wheel?.slices ?? []).map(({ probability: _p, percent: _q, ...slice }) => slice),
  };
}

/** The wheel: slices with their odds as the weights are typed, on/off, and the coin rule. */
export function WheelEditor() {
  const wheel = useWheel();
  return (
    <QueryState query={wheel}>
      {(answer) => <WheelForm key={answer.wheel?.id ?? 'new'} answer={answer} />}
    </QueryState>
  );
}

function WheelForm({ answer }: { answer: AdminWheelAnswer }) {
  const { t } = useTranslation('promotions');
  const canEdit = useCan('settings.promotions');
  const form = useForm({
    resolver: zodResolver(wheelSaveBodySchema),
    defaultValues: formOf(answer),
  });
  const { control, register, formState } = form;
  const slices = useFieldArray({ control, name: 'slices' });
  const save = useAdminMutation({
    run: (body: WheelSaveBody) => saveWheel(body),
    invalidates: [WHEEL_KEY],
    onSuccess: (saved) => form.reset(formOf(saved)),
  });
  const toggle = useAdminMutation({
    run: (isActive: boolean) => setWheelActive(isActive),
    invalidates: [WHEEL_KEY],
  });
  const onSubmit = form.handleSubmit((values) => save.mutate(values));
  const isActive = answer.wheel?.isActive ?? false;

  return (
    <div className="promo-wheel">
      <FormProvider {...form}>
        <form className="card form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <header className="promo-editor__head">
            <h2>{t('wheel.title')}</h2>
            <span className={`badge ${isActive ? 'badge--ok' : 'badge--warn'}`}>
              {isActive ? t('wheel.on') : t('wheel.off')}
            </span>
            <span className="promo-editor__spacer" />
            {canEdit && answer.wheel ? (
              <Button
                variant={isActive ? 'danger' : 'primary'}
                isBusy={toggle.isPending}
                onClick={() => toggle.mutate(!isActive)}
              >
                {isActive ? t('wheel.deactivate') : t('wheel.activate')}
              </Button>
            ) : null}
          </header>
          <fieldset className="promo-section" disabled={!canEdit}>
            <div className="promo-grid">
              <label className="field">
                <span>{t('wheel.name')}</span>
                <input {...register('name')} />
                <FieldError message={formState.errors.name?.message} />
              </label>
              <NumberField control={control} name="couponDays" label={t('wheel.couponDays')} />
            </div>
            <LocalizedFields control={control} name="title" label={t('wheel.titleShown')} />
            <OddsTable
              control={control}
              onRemove={slices.remove}
              onMove={slices.move}
              isEditable={canEdit}
            />
            <FieldError
              message={formState.errors.slices?.message ?? formState.errors.slices?.root?.message}
            />
            {canEdit ? (
              <div className="form__actions">
                <Button
                  variant="secondary"
                  onClick={() =>
                    slices.append({
                      code: `SLICE${slices.fields.length + 1}`,
                      label: same(''),
                      description: same(''),
                      bgColor: '#2947C7',
                      textColor: '#FFFFFF',
                      prizeKind: 'none',
                      amountMinor: 0,
                      bonusCode: null,
                      weight: 1,
                    })
                  }
                >
                  <Plus size={16} aria-hidden /> {t('wheel.addSlice')}
                </Button>
                <Button type="submit" isBusy={save.isPending}>
                  {t('common:save')}
                </Button>
              </div>
            ) : null}
          </fieldset>
        </form>
      </FormProvider>
      <CoinRule coinPriceMinor={answer.coinPriceMinor} isEditable={canEdit} />
    </div>
  );
}

function OddsTable({
  control,
  onRemove,
  onMove,
  isEditable,
}: {
  control: Control<WheelSaveBody>;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
  isEditable: boolean;
}) {
  const { t } = useTranslation('promotions');
  const slices = useWatch({ control, name: 'slices' });
  const sum = slices.reduce((total, s) => total + (Number.isFinite(s.weight) ? s.weight : 0), 0);
  return (
    <>
      <div className="promo-wheel-strip" role="img" aria-label={t('wheel.strip')}>
        {slices.map((slice, index) => (
          <span
            key={index}
            title={`${slice.label.th} ${sum > 0 ? ((slice.weight / sum) * 100).toFixed(2) : 0}%`}
            style={{
              flexBasis: `${sum > 0 && Number.isFinite(slice.weight) ? (slice.weight / sum) * 100 : 0}%`,
              background: slice.bgColor,
            }}
          />
        ))}
      </div>
      <div className="table-wrap">
        <table className="data-table promo-slices">
          <colgroup>
            <col className="promo-slices__col-slice" />
            <col className="promo-slices__col-prize" />
            <col className="promo-slices__col-weight" />
            <col className="promo-slices__col-odds" />
            <col className="promo-slices__col-order" />
          </colgroup>
          <thead>
            <tr>
              <th>{t('wheel.slice')}</th>
              <th>{t('wheel.prize')}</th>
              <th>{t('wheel.weight')}</th>
              <th>{t('wheel.odds')}</th>
              <th aria-label={t('wheel.order')} />
            </tr>
          </thead>
          <tbody>
            {slices.map((slice, index) => {
              const odds =
                sum > 0 && Number.isFinite(slice.weight) ? (slice.weight / sum) * 100 : 0;
              return (
                <tr key={index}>
                  <td>
                    <SliceIdentity control={control} index={index} />
                  </td>
                  <td>
                    <SlicePrize control={control} index={index} />
                  </td>
                  <td className="promo-slices__weight">
                    <NumberField
                      control={control}
                      name={`slices.${index}.weight`}
                      label={t('wheel.weight')}
                    />
                  </td>
                  <td className="num" data-testid={`odds-${slice.code}`}>
                    <strong>{odds.toFixed(2)}%</strong>
                    <div className="promo-odds-track" aria-hidden>
                      <div
                        className="promo-odds-bar"
                        style={{ width: `${Math.min(100, odds)}%` }}
                      />
                    </div>
                  </td>
                  <td>
                    {isEditable ? (
                      <div className="promo-slices__order">
                        <button
                          type="button"
                          className="icon-button"
                          aria-label={t('wheel.up')}
                          disabled={index === 0}
                          onClick={() => onMove(index, index - 1)}
                        >
                          <ArrowUp size={16} aria-hidden />
                        </button>
                        <button
                          type="button"
                          className="icon-button"
                          aria-label={t('wheel.down')}
                          disabled={index === slices.length - 1}
                          onClick={() => onMove(index, index + 1)}
                        >
                          <ArrowDown size={16} aria-hidden />
                        </button>
                        <button
                          type="button"
                          className="icon-button"
                          aria-label={t('wheel.remove')}
                          onClick={() => onRemove(index)}
                        >
                          <Trash2 size={16} aria-hidden />
                        </button>
                      </div>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={2}>{t('wheel.sum')}</td>
              <td className="num">{sum}</td>
              <td className="num">100%</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

function SliceIdentity({ control, index }: { control: Control<WheelSaveBody>; index: number }) {
  const { t } = useTranslation('promotions');
  const { register, formState } = useFormContext<WheelSaveBody>();
  const errors = formState.errors.slices?.[index];
  return (
    <div className="promo-slice">
      <div className="promo-grid promo-grid--tight">
        <label className="field">
          <span>{t('field.code')}</span>
          <input {...register(`slices.${index}.code`)} />
          <FieldError message={errors?.code?.message} />
        </label>
        <label className="field">
          <span>{t('wheel.colors')}</span>
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
          <FieldError message={errors?.bgColor?.message ?? errors?.textColor?.message} />
        </label>
      </div>
      <LocalizedFields control={control} name={`slices.${index}.label`} label={t('wheel.label')} />
      <details>
        <summary>{t('wheel.description')}</summary>
        <LocalizedFields
          control={control}
          name={`slices.${index}.description`}
          label={t('wheel.description')}
          isMultiline
        />
      </details>
    </div>
  );
}

function SlicePrize({ control, index }: { control: Control<WheelSaveBody>; index: number }) {
  const { t } = useTranslation('promotions');
  const { register, formState, setValue } = useFormContext<WheelSaveBody>();
  const kind = useWatch({ control, name: `slices.${index}.prizeKind` });
  return (
    <div className="promo-slice">
      <label className="field">
        <span>{t('wheel.prizeKind')}</span>
        <select
          {...register(`slices.${index}.prizeKind`, {
            onChange: () => {
              setValue(`slices.${index}.amountMinor`, 0);
              setValue(`slices.${index}.bonusCode`, null);
            },
          })}
        >
          {PRIZE_KINDS.map((prize) => (
            <option key={prize} value={prize}>
              {t(`prize.${prize}`)}
            </option>
          ))}
        </select>
        <FieldError message={formState.errors.slices?.[index]?.prizeKind?.message} />
      </label>
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
        <label className="field">
          <span>{t('wheel.bonusCode')}</span>
          <input
            {...register(`slices.${index}.bonusCode`, {
              setValueAs: (value: string | null) => (value ? value.trim().toUpperCase() : null),
            })}
          />
          <FieldError message={formState.errors.slices?.[index]?.bonusCode?.message} />
        </label>
      ) : null}
    </div>
  );
}

function CoinRule({ coinPriceMinor, isEditable }: { coinPriceMinor: number; isEditable: boolean }) {
  const { t } = useTranslation('promotions');
  const [text, setText] = useState(String(coinPriceMinor / 100));
  const [error, setError] = useState<string | undefined>();
  const save = useAdminMutation({
    run: (minor: number) => saveCoinRule(minor),
    invalidates: [WHEEL_KEY],
  });
  return (
    <form
      className="card form promo-coins"
      onSubmit={(event) => {
        event.preventDefault();
        const minor = parseAmountToMinor(text);
        if (minor === null || minor <= 0) return setError('PROMO_AMOUNT_INVALID');
        setError(undefined);
        save.mutate(minor);
      }}
    >
      <h2>{t('coins.title')}</h2>
      <p className="muted">{t('coins.rule', { price: formatMinor(coinPriceMinor) })}</p>
      <label className="field">
        <span>{t('coins.price')}</span>
        <input
          value={text}
          inputMode="decimal"
          disabled={!isEditable}
          onChange={(e) => setText(e.target.value)}
        />
        <FieldError message={error} />
      </label>
      {isEditable ? (
        <div className="form__actions">
          <Button type="submit" isBusy={save.isPending}>
            {t('common:save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
