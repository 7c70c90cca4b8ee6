import { describe, expect, it } from 'vitest';
import { applyPatch, noFaults, pickOutcome } from './faults.ts';

describe('pickOutcome', () => {
  it('uses queued outcomes first, for money calls only', () => {
    const faults = { ...noFaults(), nextOutcomes: ['fail' as const, 'timeout-after' as const] };
    expect(pickOutcome(faults, () => 0.99, false)).toBe('ok');
    expect(pickOutcome(faults, () => 0.99, true)).toBe('fail');
    expect(pickOutcome(faults, () => 0.99, true)).toBe('timeout-after');
    expect(pickOutcome(faults, () => 0, true)).toBe('ok');
  });

  it('splits one draw between failure, unknown and ok', () => {
    const faults = {
      ...noFaults(),
      failureRate: 0.2,
      unknownRate: 0.3,
      unknownModes: ['error-after' as const],
    };
    expect(pickOutcome(faults, () => 0.1, true)).toBe('fail');
    expect(pickOutcome(faults, () => 0.4, true)).toBe('error-after');
    expect(pickOutcome(faults, () => 0.4, false)).toBe('ok');
    expect(pickOutcome(faults, () => 0.6, true)).toBe('ok');
  });
});

describe('applyPatch', () => {
  it('merges given fields and refuses rates over 1', () => {
    const merged = applyPatch(noFaults(), { latencyMs: 10, failureRate: 0.5 });
    expect(merged).toMatchObject({ latencyMs: 10, failureRate: 0.5, unknownRate: 0 });
    expect(applyPatch(merged!, { unknownRate: 0.6 })).toBeNull();
  });
});
