import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  inviteRateBodySchema,
  refundRateBodySchema,
  type InviteRateBody,
  type PromotionRates,
  type RefundRateBody,
} from '@mekong/contracts/admin/promotions-wheel';
import { Button } from '@/components/button';
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
import { NumberField } from '@/features/promotions/components/form-fields';

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
  const canEdit = useCan('settings.promotions');
  const form = useForm({ resolver: zodResolver(refundRateBodySchema), defaultValues: value });
  const save = useAdminMutation({
    run: (body: RefundRateBody) => saveRefundRate(body),
    invalidates: [RATES_KEY],
  });
  const onSubmit = form.handleSubmit((body) => save.mutate(body));
  return (
    <form
      className="card form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t('rates.refund')}
    >
      <h2>{t('rates.refund')}</h2>
      <p className="muted">{t('rates.refundHint')}</p>
      <fieldset className="promo-section" disabled={!canEdit}>
        <label className="field field--inline">
          <input type="checkbox" {...form.register('enabled')} />
          <span>{t('rates.enabled')}</span>
        </label>
        <div className="promo-grid">
          <NumberField
            control={form.control}
            name="percent"
            label={t('rates.percent')}
            suffix="%"
          />
          <NumberField
            control={form.control}
            name="minimumMinor"
            label={t('rates.minimum')}
            isMoney
            suffix="฿"
          />
          <NumberField
            control={form.control}
            name="maximumMinor"
            label={t('rates.maximum')}
            isMoney
            isNullable
            hint={t('hint.emptyNoCap')}
            suffix="฿"
          />
        </div>
        <BannerFields control={form.control} />
      </fieldset>
      {canEdit ? (
        <div className="form__actions">
          <Button type="submit" isBusy={save.isPending}>
            {t('common:save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

function InviteForm({ value }: { value: PromotionRates['invite'] }) {
  const { t } = useTranslation('promotions');
  const canEdit = useCan('settings.promotions');
  const form = useForm({ resolver: zodResolver(inviteRateBodySchema), defaultValues: value });
  const save = useAdminMutation({
    run: (body: InviteRateBody) => saveInviteRate(body),
    invalidates: [RATES_KEY],
  });
  const onSubmit = form.handleSubmit((body) => save.mutate(body));
  return (
    <form
      className="card form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t('rates.invite')}
    >
      <h2>{t('rates.invite')}</h2>
      <p className="muted">{t('rates.inviteHint')}</p>
      <fieldset className="promo-section" disabled={!canEdit}>
        <label className="field field--inline">
          <input type="checkbox" {...form.register('enabled')} />
          <span>{t('rates.enabled')}</span>
        </label>
        <div className="promo-grid">
          <NumberField
            control={form.control}
            name="percent"
            label={t('rates.percent')}
            suffix="%"
          />
        </div>
        <BannerFields control={form.control} />
      </fieldset>
      {canEdit ? (
        <div className="form__actions">
          <Button type="submit" isBusy={save.isPending}>
            {t('common:save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
