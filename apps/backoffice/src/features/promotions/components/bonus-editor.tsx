import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BONUS_AMOUNT_KINDS, BONUS_CONDITION_KINDS, BONUS_TYPES } from '@mekong/contracts/bonus';
import {
  bonusCreateBodySchema,
  type AdminBonus,
  type BonusCreateBody,
} from '@mekong/contracts/admin/promotions';
import { GAME_CATEGORIES } from '@mekong/contracts/wallet';
import { Button } from '@/components/button';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { useCan } from '@/lib/use-operator';
import {
  BONUSES_KEY,
  createBonus,
  publishBonus,
  retireBonus,
  updateBonus,
} from '@/features/promotions/api/promotions-api';
import { BannerFields } from '@/features/promotions/components/banner-fields';
import { StatusBadge } from '@/features/promotions/components/status-badge';
import { Field, FieldError, SelectField } from '@/components/form-fields';
import {
  NumberField,
  PromoLocalizedFields,
  PromoSection,
} from '@/features/promotions/components/form-fields';

const empty = { th: '', la: '', en: '' };

const NEW_BONUS: BonusCreateBody = {
  code: '',
  isPromotion: false,
  name: empty,
  description: empty,
  type: 'limit',
  maxReceived: 1,
  amountKind: 'percent',
  percent: 10,
  maxBonusMinor: 100_00,
  minDepositMinor: 100_00,
  withdrawCapMinor: null,
  percentFail: 10,
  conditionKind: 'turnover',
  multiplier: 1,
  categoryWeights: { slot: 100, casino: 20, sport: 50, lotto: 0 },
  validDays: 7,
  quota: null,
  sortOrder: 100,
  banners: [],
};

function formOf(bonus: AdminBonus): BonusCreateBody {
  const {
    status: _s,
    activeCount: _a,
    receivedCount: _r,
    quotaUsed: _q,
    createdAt: _c,
    updatedAt: _u,
    ...body
  } = bonus;
  return body;
}

/** Create or edit one bonus or promotion code, and move it through draft → published → retired. */
export function BonusEditor({
  bonus,
  onSaved,
  onClose,
}: {
  bonus: AdminBonus | null;
  onSaved: (code: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('promotions');
  const canEdit = useCan('settings.promotions');
  const isNew = bonus === null;
  const isLocked = bonus !== null && bonus.status !== 'draft';
  const form = useForm({
    resolver: zodResolver(bonusCreateBodySchema),
    defaultValues: bonus ? formOf(bonus) : NEW_BONUS,
  });
  const { control, register, formState } = form;
  const amountKind = useWatch({ control, name: 'amountKind' });
  const conditionKind = useWatch({ control, name: 'conditionKind' });
  const isPromotion = useWatch({ control, name: 'isPromotion' });

  const save = useAdminMutation({
    run: (body: BonusCreateBody) => {
      if (isNew) return createBonus(body);
      const { code: _code, ...terms } = body;
      return updateBonus(bonus.code, terms);
    },
    invalidates: [BONUSES_KEY],
    onSuccess: (saved) => onSaved(saved.code),
  });
  const move = useAdminMutation({
    run: (verb: 'publish' | 'retire') =>
      verb === 'publish' ? publishBonus(bonus?.code ?? '') : retireBonus(bonus?.code ?? ''),
    invalidates: [BONUSES_KEY],
  });

  const onSubmit = form.handleSubmit((values) => save.mutate(values));
  const isDisabled = !canEdit;

  return (
    <form
      className="card promo-editor"
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t('editor.title')}
      noValidate
    >
      <header className="promo-editor__head">
        <h2>{isNew ? t('editor.new') : bonus.code}</h2>
        {bonus ? <StatusBadge status={bonus.status} /> : null}
        <span className="promo-editor__spacer" />
        {bonus && canEdit && bonus.status !== 'published' ? (
          <Button isBusy={move.isPending} onClick={() => move.mutate('publish')}>
            {t('action.publish')}
          </Button>
        ) : null}
        {bonus && canEdit && bonus.status === 'published' ? (
          <Button variant="danger" isBusy={move.isPending} onClick={() => move.mutate('retire')}>
            {t('action.retire')}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onClose}>
          {t('common:close')}
        </Button>
      </header>
      {bonus?.status === 'retired' ? (
        <p className="notice notice--warn">{t('editor.retiredNote')}</p>
      ) : null}
      {isLocked ? (
        <p className="notice promo-note">
          <Lock size={16} aria-hidden /> {t('editor.lockedNote')}
        </p>
      ) : null}

      <PromoSection legend={t('editor.identity')} isDisabled={isDisabled}>
        <div className="promo-grid">
          <Field label={t('field.code')} error={formState.errors.code?.message}>
            <input {...register('code')} disabled={!isNew} autoCapitalize="characters" />
          </Field>
          <Field label={t('field.kind')}>
            <select
              disabled={isLocked}
              value={isPromotion ? 'promotion' : 'bonus'}
              onChange={(e) => form.setValue('isPromotion', e.target.value === 'promotion')}
            >
              <option value="bonus">{t('kind.bonus')}</option>
              <option value="promotion">{t('kind.promotion')}</option>
            </select>
          </Field>
          <NumberField control={control} name="sortOrder" label={t('field.sortOrder')} />
        </div>
        <PromoLocalizedFields control={control} name="name" label={t('field.name')} />
        <PromoLocalizedFields
          control={control}
          name="description"
          label={t('field.description')}
          isMultiline
        />
      </PromoSection>

      <PromoSection legend={t('editor.receipts')} isDisabled={isDisabled}>
        <div className="promo-grid">
          <SelectField
            label={t('field.type')}
            registration={register('type')}
            values={BONUS_TYPES}
            textOf={(type) => t(`type.${type}`)}
          />
          <NumberField control={control} name="maxReceived" label={t('field.maxReceived')} />
          <NumberField
            control={control}
            name="quota"
            label={t('field.quota')}
            isNullable
            hint={t('hint.emptyNone')}
          />
          <NumberField control={control} name="validDays" label={t('field.validDays')} />
        </div>
      </PromoSection>

      <PromoSection legend={t('editor.amount')} isDisabled={isDisabled}>
        <div className="promo-grid">
          <SelectField
            label={t('field.amountKind')}
            registration={register('amountKind', {
              onChange: (e: { target: { value: string } }) =>
                form.setValue('percent', e.target.value === 'fixed' ? null : 10),
            })}
            values={BONUS_AMOUNT_KINDS}
            textOf={(kind) => t(`amountKind.${kind}`)}
          />
          {amountKind === 'percent' ? (
            <NumberField
              control={control}
              name="percent"
              label={t('field.percent')}
              suffix="%"
              isNullable
            />
          ) : null}
          <NumberField
            control={control}
            name="maxBonusMinor"
            isMoney
            label={amountKind === 'percent' ? t('field.maxBonus') : t('field.fixedBonus')}
            suffix="฿"
          />
          <NumberField
            control={control}
            name="minDepositMinor"
            isMoney
            label={t('field.minDeposit')}
            suffix="฿"
          />
          <NumberField
            control={control}
            name="withdrawCapMinor"
            isMoney
            isNullable
            isDisabled={isLocked}
            label={t('field.withdrawCap')}
            hint={t('hint.emptyNoCap')}
            suffix="฿"
          />
        </div>
      </PromoSection>

      <PromoSection legend={t('editor.release')} isDisabled={isDisabled}>
        <div className="promo-grid">
          <SelectField
            label={t('field.conditionKind')}
            registration={register('conditionKind')}
            values={BONUS_CONDITION_KINDS}
            textOf={(kind) => t(`conditionKind.${kind}`)}
            isDisabled={isLocked}
          />
          <NumberField
            control={control}
            name="multiplier"
            label={t('field.multiplier')}
            suffix="×"
            isDisabled={isLocked}
          />
          <NumberField
            control={control}
            name="percentFail"
            label={t('field.percentFail')}
            suffix="%"
            isDisabled={isLocked}
          />
        </div>
        {conditionKind === 'turnover' ? (
          <div className="promo-grid">
            {GAME_CATEGORIES.map((category) => (
              <NumberField
                key={category}
                control={control}
                name={`categoryWeights.${category}`}
                label={t(`category.${category}`)}
                suffix="%"
                isDisabled={isLocked}
              />
            ))}
          </div>
        ) : null}
        <FieldError
          code={(formState.errors.categoryWeights as { message?: string } | undefined)?.message}
        />
      </PromoSection>

      <PromoSection legend={t('editor.banners')} isDisabled={isDisabled}>
        <BannerFields control={control} />
      </PromoSection>

      {canEdit ? (
        <div className="form__actions">
          <Button type="submit" isBusy={save.isPending}>
            {isNew ? t('action.createDraft') : t('common:save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
