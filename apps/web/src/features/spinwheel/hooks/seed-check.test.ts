import { describe, expect, it } from 'vitest';
import { seedMatchesHash } from '@/features/spinwheel/hooks/seed-check';

const ZEROS = '00'.repeat(32);
// SHA-256 of 32 zero bytes.
const ZEROS_HASH = '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925';

describe('seed check', () => {
  it('matches SHA-256 of the seed bytes, in any letter case', async () => {
    expect(await seedMatchesHash(ZEROS, ZEROS_HASH)).toBe(true);
    expect(await seedMatchesHash(ZEROS, ZEROS_HASH.toUpperCase())).toBe(true);
  });

  it('does not match another hash (the text of the seed is not what is hashed)', async () => {
    expect(await seedMatchesHash(`${'00'.repeat(31)}01`, ZEROS_HASH)).toBe(false);
    expect(await seedMatchesHash(ZEROS, 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')).toBe(false);
  });

  it('cannot check a seed that is not hex', async () => {
    expect(await seedMatchesHash('xyz1', ZEROS_HASH)).toBeNull();
    expect(await seedMatchesHash('abc', ZEROS_HASH)).toBeNull();
    expect(await seedMatchesHash('', ZEROS_HASH)).toBeNull();
  });
});
