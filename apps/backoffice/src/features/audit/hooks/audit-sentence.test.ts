import { describe, expect, it } from 'vitest';
import { changedFields, sentenceKeys, targetPath } from '@/features/audit/hooks/audit-sentence';

describe('changedFields', () => {
  it('lists the fields of the after whose value changed; one only before was left as it was', () => {
    expect(
      changedFields({
        before: { status: 'pending_approval', amountMinor: 100, note: null },
        after: { status: 'approved', amountMinor: 100, decidedBy: 'finance' },
      }),
    ).toEqual([
      { field: 'status', before: 'pending_approval', after: 'approved' },
      { field: 'decidedBy', before: undefined, after: 'finance' },
    ]);
  });
  it('reads a record with only an after as every field added, and plain values as one field', () => {
    expect(changedFields({ before: null, after: { name: 'A' } })).toEqual([
      { field: 'name', before: undefined, after: 'A' },
    ]);
    expect(changedFields({ before: 1, after: 2 })).toEqual([
      { field: 'value', before: 1, after: 2 },
    ]);
    expect(changedFields({ before: null, after: null })).toEqual([]);
  });
});

describe('targetPath', () => {
  it('links members, withdrawals, queue items and settings to their screens', () => {
    expect(targetPath({ targetType: 'member', targetId: 'm1' })).toBe('/members/m1');
    expect(targetPath({ targetType: 'withdrawal', targetId: 'w1' })).toBe('/withdrawals?open=w1');
    expect(targetPath({ targetType: 'slip', targetId: 's1' })).toBe('/deposits?tab=slips&open=s1');
    expect(targetPath({ targetType: 'setting', targetId: 'withdrawLimits' })).toBe('/settings');
    expect(targetPath({ targetType: 'report', targetId: null })).toBeNull();
  });
});

describe('sentenceKeys', () => {
  it('tries the action template before the generic sentence', () => {
    expect(sentenceKeys('withdrawal.approved')).toEqual([
      'sentences.withdrawal.approved',
      'sentences.generic',
    ]);
  });
});
