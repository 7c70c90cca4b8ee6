import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  wheelSaveBodySchema,
  type AdminWheelAnswer,
  type WheelSaveBody,
} from '@mekong/contracts/admin/promotions-wheel';
import { Button } from '@/components/button';
import { QueryState } from '@/components/query-state';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { useCan } from '@/lib/use-operator';
import {
  WHEEL_KEY,
  saveWheel,
  setWheelActive,
  useWheel,
} from '@/features/promotions/api/promotions-api';
import { Field, FieldError } from '@/components/form-fields';
import { CoinRuleForm } from '@/features/promotions/components/coin-rule-form';
import {
  NumberField,
  PromoLocalizedFields,
  PromoSection,
} from '@/features/promotions/components/form-fields';
import { OddsTable } from '@/features/promotions/components/wheel-odds-table';

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
          <PromoSection isDisabled={!canEdit}>
            <div className="promo-grid">
              <Field label={t('wheel.name')} error={formState.errors.name?.message}>
                <input {...register('name')} />
              </Field>
              <NumberField control={control} name="couponDays" label={t('wheel.couponDays')} />
            </div>
            <PromoLocalizedFields control={control} name="title" label={t('wheel.titleShown')} />
            <OddsTable
              control={control}
              onRemove={slices.remove}
              onMove={slices.move}
              isEditable={canEdit}
            />
            <FieldError
              code={formState.errors.slices?.message ?? formState.errors.slices?.root?.message}
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
          </PromoSection>
        </form>
      </FormProvider>
      <CoinRuleForm coinPriceMinor={answer.coinPriceMinor} isEditable={canEdit} />
    </div>
  );
}
