import { describe, expect, it } from 'vitest';
import type { QueueMemberRow } from '@/modules/account/member-lookup.repository.ts';
import {
  accountQueryOf,
  nameSimilarity,
  rankSuggestions,
} from '@/modules/admin-deposits/bank-line-suggestions.ts';

const member = (id: string, accountName: string, accountNo = '0000000000'): QueueMemberRow => ({
  id,
  publicId: id,
  phone: `08${id.padStart(8, '0')}`,
  name: accountName,
  currency: 'BAHT',
  bank: { code: 'KBANK', accountNo, accountName },
});

describe('bank line suggestions', () => {
  it('reads a whole, a masked and a partial sender account number', () => {
    expect(accountQueryOf('123-4-56789-0')).toEqual({
      kind: 'account_exact',
      pattern: '1234567890',
    });
    expect(accountQueryOf('xxx-x-x5678-x')).toEqual({
      kind: 'account_suffix',
      pattern: '_____5678_',
    });
    expect(accountQueryOf('5678')).toEqual({ kind: 'account_suffix', pattern: '%5678' });
    expect(accountQueryOf('xx-12')).toBeNull();
    expect(accountQueryOf('12%4567890')).toBeNull();
  });

  it('finds names alike whatever the title, case and spacing', () => {
    expect(nameSimilarity('นาย วิชัย บุญมี', 'วิชัย บุญมี')).toBe(1);
    expect(nameSimilarity('MR SOMCHAI JAIDEE', 'Somchai Jaidee')).toBe(1);
    expect(nameSimilarity('SOMCHAI JAIDEE', 'SOMCHAI JAIDEEE')).toBeGreaterThan(0.9);
    expect(nameSimilarity('SOMCHAI JAIDEE', 'WICHAI BOONMEE')).toBeLessThan(0.5);
  });

  it('ranks account over name over a notice over a QR, adds evidence up, and counts one kind once', () => {
    const a = member('1', 'ANAN PRASERT');
    const b = member('2', 'WICHAI BOONMEE');
    const c = member('3', 'MALI SUKSAN');
    const d = member('4', 'DAO SRI');
    const ranked = rankSuggestions({
      account: { query: { kind: 'account_exact', pattern: '1' }, members: [a] },
      senderName: 'MR WICHAI BOONMEE',
      byName: [b, c],
      notices: [
        { id: 'n1', member: c },
        { id: 'n2', member: c },
      ],
      qrs: [
        { id: 'q1', member: d },
        { id: 'q2', member: b },
      ],
    });
    expect(ranked.map((s) => s.member.id)).toEqual(['1', '2', '3', '4']);
    expect(ranked.map((s) => s.score)).toEqual([100, 75, 40, 25]);
    expect(ranked[2]?.reasons.map((r) => r.detail)).toEqual(['n1', 'n2']);
  });
});
