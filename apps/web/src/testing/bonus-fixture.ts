import type { Bonus, MemberBonus, Promotion } from '@mekong/contracts/bonus';

const localized = (en: string) => ({ th: `${en} (th)`, la: `${en} (la)`, en });

/** A GET /api/bonus card; override any part. */
export function bonusFixture(code: string, overrides: Partial<Bonus> = {}): Bonus {
  return {
    code,
    name: localized(`Bonus ${code}`),
    description: localized(`Deposit and get more. Ends below %percentFail%% of the start.`),
    type: 'limit',
    maxReceived: 1,
    percentFail: 10,
    banners: [
      { image: '', html: localized('<p>First banner</p>') },
      { image: '', html: localized('<p>Second banner</p>') },
    ],
    amountKind: 'percent',
    percent: 50,
    maxBonus: 500,
    minDeposit: 100,
    withdrawCap: 3000,
    conditionKind: 'credit',
    multiplier: 2,
    categoryWeights: {},
    validDays: 7,
    userBonus: null,
    ...overrides,
  };
}

/** A member's bonus (GET /api/bonus/check/active, activation answers); override any part. */
export function memberBonusFixture(overrides: Partial<MemberBonus> = {}, progress: Partial<MemberBonus['progress']> = {}): MemberBonus {
  return {
    _id: 'mb1',
    code: 'WELCOME',
    name: localized('Welcome bonus'),
    type: 'limit',
    status: 'active',
    isPromotion: false,
    depositAmount: 1000,
    bonusAmount: 500,
    percentFail: 10,
    createdAt: '2026-11-24T03:00:00Z',
    expiresAt: '2026-12-01T03:00:00Z',
    endedAt: null,
    progress: {
      conditionKind: 'credit',
      target: 3000,
      current: 1200,
      percent: 40,
      isMet: false,
      startAmount: 1500,
      failBelow: 150,
      withdrawCap: 2000,
      ...progress,
    },
    ...overrides,
  };
}

/** A GET /api/promotion/find/{code} promotion; override any part. */
export function promotionFixture(code: string, overrides: Partial<Promotion> = {}): Promotion {
  return {
    code,
    name: localized(`Promotion ${code}`),
    description: localized('A code for our friends.'),
    percentFail: 20,
    banners: [],
    amountKind: 'fixed',
    percent: null,
    maxBonus: 100,
    minDeposit: 0,
    withdrawCap: null,
    conditionKind: 'turnover',
    multiplier: 5,
    isReceived: false,
    ...overrides,
  };
}
