import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { PendingSettingChange } from '@mekong/contracts/admin/setting-changes';
import { changeLines } from '@/features/settings/hooks/pending-change-lines';

const t = ((key: string) => key) as unknown as TFunction<'settings'>;

const change = (overrides: Partial<PendingSettingChange>): PendingSettingChange => ({
  id: 'c1',
  subject: 'withdrawLimits',
  accountId: null,
  before: null,
  value: {},
  requestedBy: 'finance-1',
  requestedAt: '2026-11-28T10:00:00.000Z',
  effectiveAt: '2026-11-28T11:00:00.000Z',
  canConfirm: true,
  canCancel: false,
  ...overrides,
});

describe('changeLines', () => {
  it('lists only the fields a setting change changes, amounts in baht', () => {
    const lines = changeLines(
      t,
      change({
        before: { dailyCount: 5, dailyAmountMinor: 200_000_00, autoPayoutMaxMinor: 20_000_00 },
        value: { dailyCount: 5, dailyAmountMinor: 200_000_00, autoPayoutMaxMinor: 100_000_00 },
      }),
    );
    expect(lines).toEqual([
      { label: 'withdrawLimits.autoPayout', before: '฿20,000.00', after: '฿100,000.00' },
    ]);
  });

  it('lists every field of a new account, and an empty allowlist as any address', () => {
    const account = changeLines(
      t,
      change({
        subject: 'operatorAccount',
        value: {
          kind: 'bank',
          channel: 'BBL',
          accountName: 'Co',
          accountNo: '123',
          currency: 'BAHT',
          bankType: 'deposit',
          mode: 'auto',
          isEnabled: true,
        },
      }),
    );
    expect(account.map((l) => [l.label, l.after])).toContainEqual(['accounts.accountNo', '123']);
    expect(account.every((l) => l.before === null)).toBe(true);
    const access = changeLines(
      t,
      change({
        subject: 'adminAccess',
        before: { ipAllowlist: ['10.0.0.0/8'], idleMinutes: 30, absoluteHours: 12 },
        value: { ipAllowlist: [], idleMinutes: 30, absoluteHours: 12 },
      }),
    );
    expect(access).toEqual([
      { label: 'access.allowlist', before: '10.0.0.0/8', after: 'pending.anyAddress' },
    ]);
  });
});
