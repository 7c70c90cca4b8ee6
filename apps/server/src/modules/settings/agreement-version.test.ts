import { describe, expect, it } from 'vitest';
import { nextAgreementVersion } from '@/modules/settings/agreement-version.ts';

// 2026-11-24 23:30 UTC is 2026-11-25 06:30 in Bangkok.
const now = new Date('2026-11-24T23:30:00Z');

describe('nextAgreementVersion', () => {
  it('is the players’ date for the first version of a day', () => {
    expect(nextAgreementVersion(undefined, now)).toBe('2026-11-25');
    expect(nextAgreementVersion('2026-11-01', now)).toBe('2026-11-25');
  });

  it('counts further versions of the same day, so each differs from the one before', () => {
    expect(nextAgreementVersion('2026-11-25', now)).toBe('2026-11-25.2');
    expect(nextAgreementVersion('2026-11-25.2', now)).toBe('2026-11-25.3');
    expect(nextAgreementVersion('2026-11-25.x', now)).toBe('2026-11-25.2');
  });
});
