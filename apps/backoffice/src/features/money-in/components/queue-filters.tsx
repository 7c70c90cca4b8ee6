import type { TFunction } from 'i18next';
import type { QueueState } from '@mekong/contracts/admin/deposits';
import { choicesOf, dateFields, type FilterField } from '@/components/filter-bar';

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

/** A queue's filters: open/decided, a search, the slip's reason (slips only), and the days. */
export function queueFields(t: TFunction, isSlips: boolean): FilterField<FilterForm>[] {
  const state: FilterField<FilterForm> = {
    name: 'state',
    label: t('state.label'),
    choices: choicesOf(['open', 'decided', 'all'], (s) => t(`state.${s}`)),
  };
  const search: FilterField<FilterForm> = {
    name: 'search',
    label: t('searchLabel'),
    type: 'search',
    placeholder: t('searchHint'),
    isWide: true,
  };
  const reason: FilterField<FilterForm> = {
    name: 'reason',
    label: t('slipReason'),
    choices: choicesOf(SLIP_REASONS, (r) => t(`slipReasons.${r}`), t('anyReason')),
  };
  return [state, search, ...(isSlips ? [reason] : []), ...dateFields<FilterForm>(t)];
}
