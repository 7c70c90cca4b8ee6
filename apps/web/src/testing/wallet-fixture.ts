import type { GameEntry, WalletResponse } from '@mekong/contracts/wallet';

export function gameFixture(code: string, overrides: Partial<GameEntry> = {}): GameEntry {
  return {
    code,
    name: `${code} Game`,
    category: 'slot',
    logo: '',
    background: '',
    amount: 0,
    isActive: false,
    hasAutoLogin: false,
    web: null,
    android: null,
    ios: null,
    ...overrides,
  };
}

/** A GET /api/wallet answer; override any part. */
export function walletFixture(overrides: Partial<WalletResponse> = {}): WalletResponse {
  return {
    profile: {
      _id: 'M1',
      name: 'Somchai',
      username: '0812345678',
      coin: 0,
      bankCode: 'SCB',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1234567890',
      currency: 'BAHT',
      createdAt: '2025-01-01T00:00:00Z',
      dateEra: 'gregorian',
    },
    bankAccount: { bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: '1234567890', bank: { code: 'SCB', nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank' } },
    wallet: { amount: 500, bonusAmount: 0, hasReceivedBonus: false },
    overall: { total: 600, timesync: '2025-06-01T05:00:00Z', inviteAmount: 0, inviteSuccess: 0, inviteFail: 0 },
    slots: [gameFixture('PG', { isActive: true, amount: 100 }), gameFixture('JOKER')],
    ...overrides,
  };
}
