import { readFileSync } from 'node:fs';
import type { Bonus, MemberBonus, Promotion } from '@mekong/contracts/bonus';
import type { Api } from './api.ts';

/** The English copy of the bonus screens, straight from the app's locale file. */
export type BonusTexts = {
  bonus: Record<
    'ready' | 'cancelFailed' | 'received' | 'current' | 'withdrawCapNotice' | 'withdrawCapConfirm',
    string
  >;
  promotion: Record<'notFound' | 'searching', string>;
  common: Record<'saved' | 'ok', string>;
  withdraw: Record<'success' | 'pending', string>;
  errors: Record<'BONUS_CLEAR', string>;
};

export const bonusEn = JSON.parse(
  readFileSync(new URL('../../apps/web/src/locales/en.json', import.meta.url), 'utf8'),
) as BonusTexts;

/** The demo's bonuses and codes (apps/server/src/db/seed/demo-bonuses.ts) the specs use. */
export const DEMO = {
  /** 100% of the deposit up to 1,000; release at 5× credit; withdraw cap 5,000. */
  depositBonus: 'NEWMEMBER100',
  /** 10% up to 300, twice a day; release at 3× weighted turnover (slots 100%). */
  turnoverBonus: 'DAILY10',
  /** Promotion code: 50% up to 500, minimum deposit 100; release at 3× credit; cap 2,000. */
  promotion: 'WELCOME50',
} as const;

/** The member's bonus calls, for preparing what a test does not click through. */
export function memberBonus(api: Api, token: string) {
  return {
    list: () => api.get<{ bonuses: Bonus[] }>('/api/bonus', { token }),
    active: () =>
      api.get<{ status: boolean; bonus: MemberBonus | null }>('/api/bonus/check/active', { token }),
    activate: (code: string) =>
      api.get<{ userBonus: MemberBonus }>(`/api/bonus/activate/${code}`, { token }),
    find: (code: string) =>
      api.get<{ promotion: Promotion }>(`/api/promotion/find/${code}`, { token }),
    refreshGames: () => api.get('/api/wallet/refresh/slot', { token }),
  };
}
