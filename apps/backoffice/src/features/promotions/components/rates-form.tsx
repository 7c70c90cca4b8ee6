import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm, type Control, type DefaultValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  inviteRateBodySchema,
  refundRateBodySchema,
  type InviteRateBody,
  type PromotionRates,
} from '@mekong/contracts/admin/promotions-wheel';
import { CheckboxField, SaveActions } from '@/components/form-fields';
import { QueryState } from '@/components/query-state';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { useCan } from '@/lib/use-operator';
import {
  RATES_KEY,
  saveInviteRate,
  saveRefundRate,
  useRates,
} from '@/features/promotions/api/promotions-api';
import { BannerFields } from '@/features/promotions/components/banner-fields';
import { NumberField, PromoSection } from '@/features/promotions/components/form-fields';

/** The refund of losses and the invite commission: on/off, rates, limits and banners. */
export function RatesForm() {
  const rates = useRates();
  return (
    <QueryState query={rates}>
      {(answer) => (
        <div className="promo-rates">
          <RefundForm key={JSON.stringify(answer.refund)} value={answer.refund} />
          <InviteForm key={JSON.stringify(answer.invite)} value={answer.invite} />
        </div>
      )}
    </QueryState>
  );
}

function RefundForm({ value }: { value: PromotionRates['refund'] }) {
  const { t } = useTranslation('promotions');
  const rate = useRateForm(refundRateBodySchema, value, saveRefundRate);
  return (
    <RateCard kind="refund" {...rate}>
      <NumberField
        control={rate.control}
        name="minimumMinor"
        label={t('rates.minimum')}
        isMoney
        suffix="฿"
      />
      <NumberField
        control={rate.control}
        name="maximumMinor"
        label={t('rates.maximum')}
        isMoney
        isNullable
        hint={t('hint.emptyNoCap')}
        suffix="฿"
      />
    </RateCard>
  );
}

function InviteForm({ value }: { value: PromotionRates['invite'] }) {
  const rate = useRateForm(inviteRateBodySchema, value, saveInviteRate);
  return <RateCard kind="invite" {...rate} />;
}

/** One rate's form: checked by its contract schema, saved by its PUT, the rates read again after. */
function useRateForm<T extends InviteRateBody>(
  schema: z.ZodType<T, T>,
  value: T,
  run: (body: T) => Promise<unknown>,
) {
  const form = useForm<T>({
    resolver: zodResolver(schema),
    defaultValues: value as DefaultValues<T>,
  });
  const save = useAdminMutation({ run, invalidates: [RATES_KEY] });
  return {
    control: form.control,
    onSubmit: form.handleSubmit((body) => save.mutate(body)),
    isSaving: save.isPending,
  };
}

/**
 * What both rates have: the switch, the percent and the banners; a rate's own fields come as children after the
 * percent. The refund's form holds more than the invite's, so only the shared fields are reached through `control`.
 */
function RateCard<T extends InviteRateBody>(props: {
  kind: 'refund' | 'invite';
  control: Control<T>;
  onSubmit: () => void;
  isSaving: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('promotions');
  const canEdit = useCan('settings.promotions');
  const control = props.control as unknown as Control<InviteRateBody>;
  return (
    <form
      className="card form"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
      noValidate
      aria-label={t(`rates.${props.kind}`)}
    >
      <h2>{t(`rates.${props.kind}`)}</h2>
      <p className="muted">{t(`rates.${props.kind}Hint`)}</p>
      <PromoSection isDisabled={!canEdit}>
        <CheckboxField label={t('rates.enabled')} registration={control.register('enabled')} />
        <div className="promo-grid">
          <NumberField control={control} name="percent" label={t('rates.percent')} suffix="%" />
          {props.children}
        </div>
        <BannerFields control={control} />
      </PromoSection>
      <SaveActions canSave={canEdit} isSaving={props.isSaving} />
    </form>
  );
}
