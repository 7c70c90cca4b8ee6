import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { QueueState } from '@mekong/contracts/admin/deposits';
import { Button } from '@/components/button';

export type FilterForm = {
  state: QueueState;
  search: string;
  from: string;
  to: string;
  reason: string;
};
export const EMPTY_FILTER: FilterForm = { state: 'open', search: '', from: '', to: '', reason: '' };

const SLIP_REASONS = [
  'PLAYER_ACCOUNT_MISMATCH',
  'DESTINATION_ACCOUNT_INVALID',
  'SLIP_EXPIRED',
  'REFERENCE_DUPLICATED',
  'REFERENCE_UNSTABLE',
  'INVALID_SLIP',
  'CROPPED_IMAGE_UNREADABLE',
  'IMAGE_SIZE_UNPROCESSABLE',
  'UNKNOWN',
];

/** A date input's day (Bangkok) as the instant it starts; `to` is exclusive, so a day's end is the next day's start. */
export function dayStart(day: string, addDays = 0): string | undefined {
  if (!day) return undefined;
  const start = new Date(`${day}T00:00:00+07:00`);
  start.setUTCDate(start.getUTCDate() + addDays);
  return start.toISOString();
}

export function QueueFilters({
  isSlips,
  onApply,
}: {
  isSlips: boolean;
  onApply: (filter: FilterForm) => void;
}) {
  const { t } = useTranslation('moneyIn');
  const form = useForm<FilterForm>({ defaultValues: EMPTY_FILTER });
  return (
    <form className="filters" onSubmit={(event) => void form.handleSubmit(onApply)(event)}>
      <label className="field">
        <span>{t('state.label')}</span>
        <select {...form.register('state')}>
          {(['open', 'decided', 'all'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`state.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field field--search">
        <span>{t('searchLabel')}</span>
        <input type="search" placeholder={t('searchHint')} {...form.register('search')} />
      </label>
      {isSlips ? (
        <label className="field">
          <span>{t('slipReason')}</span>
          <select {...form.register('reason')}>
            <option value="">{t('anyReason')}</option>
            {SLIP_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`slipReasons.${r}`)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="field">
        <span>{t('from')}</span>
        <input type="date" {...form.register('from')} />
      </label>
      <label className="field">
        <span>{t('to')}</span>
        <input type="date" {...form.register('to')} />
      </label>
      <div className="filters__actions">
        <Button type="submit">{t('common:search')}</Button>
        <Button
          variant="ghost"
          onClick={() => {
            form.reset(EMPTY_FILTER);
            onApply(EMPTY_FILTER);
          }}
        >
          {t('common:reset')}
        </Button>
      </div>
    </form>
  );
}
