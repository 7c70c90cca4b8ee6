import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { demoWheelSlices } from '@/db/seed/demo-wheel.ts';
import {
  fairDraw,
  fairNumber,
  MAX_WEIGHT_SUM,
  newServerSeed,
  seedHashOf,
  sliceAt,
} from '@/modules/spinwheel/fair-draw.ts';

/**
 * An independent reading of docs/decisions/0013-promotions.md#prize-wheel in BigInt arithmetic: every 48-bit chunk
 * of every round in order, the first below the largest multiple of the sum.
 */
function referenceNumber(serverSeed: string, clientSeed: string, nonce: number, sum: bigint) {
  const range = 1n << 48n;
  const limit = (range / sum) * sum;
  let rejected = 0;
  for (let round = 0; ; round += 1) {
    const hex = createHmac('sha256', Buffer.from(serverSeed, 'hex'))
      .update(`${clientSeed}:${nonce}:${round}`)
      .digest('hex');
    for (let chunk = 0; chunk < 5; chunk += 1) {
      const x = BigInt(`0x${hex.slice(chunk * 12, chunk * 12 + 12)}`);
      if (x < limit) return { value: Number(x % sum), rejected };
      rejected += 1;
    }
  }
}

const SEED = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';

/** Upper critical values of chi-square at p = 0.001 by degrees of freedom (standard tables). */
const CHI_SQUARE_0_001: Record<number, number> = {
  1: 10.828,
  2: 13.816,
  3: 16.266,
  4: 18.467,
  5: 20.515,
  6: 22.458,
  7: 24.322,
  8: 26.124,
  9: 27.877,
  10: 29.588,
};

describe('fair draw', () => {
  it('commits to a seed with SHA-256 of its 32 bytes', () => {
    const seed = newServerSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(seedHashOf(seed)).toBe(
      createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
    );
    expect(newServerSeed()).not.toBe(seed);
  });

  it('is a function of (server seed, client seed, nonce, weights) only, and matches the reference reading', () => {
    const weights = [5, 1, 7, 3];
    for (let nonce = 0; nonce < 500; nonce += 1) {
      const index = fairDraw(SEED, 'player-seed', nonce, weights);
      expect(fairDraw(SEED, 'player-seed', nonce, weights)).toBe(index);
      expect(index).toBe(sliceAt(weights, referenceNumber(SEED, 'player-seed', nonce, 16n).value));
    }
    // Another client seed gives another sequence.
    const a = Array.from({ length: 50 }, (_, n) => fairDraw(SEED, 'a', n, weights)).join();
    const b = Array.from({ length: 50 }, (_, n) => fairDraw(SEED, 'b', n, weights)).join();
    expect(a).not.toBe(b);
  });

  it('rejects chunks at or above the largest multiple of the sum, chunk by chunk and round by round', () => {
    // A sum just above 2^47 rejects about half the chunks: the rejection path is exercised on most nonces.
    const sum = 2 ** 47 + 1;
    let rejections = 0;
    let laterRounds = 0;
    for (let nonce = 0; nonce < 300; nonce += 1) {
      const expected = referenceNumber(SEED, 'c', nonce, BigInt(sum));
      const got = fairNumber(SEED, 'c', nonce, sum);
      expect(got.value).toBe(expected.value);
      expect(got.round).toBe(Math.floor(expected.rejected / 5));
      rejections += expected.rejected;
      if (got.round > 0) laterRounds += 1;
    }
    expect(rejections).toBeGreaterThan(100);
    expect(laterRounds).toBeGreaterThan(0);
  });

  it('picks the slice whose cumulative weight range holds the number', () => {
    expect([0, 1, 2, 3, 4, 5].map((r) => sliceAt([2, 1, 3], r))).toEqual([0, 0, 1, 2, 2, 2]);
    expect(() => sliceAt([2, 1, 3], 6)).toThrow();
  });

  it('refuses weights that are not positive integers or sum too high', () => {
    expect(() => fairDraw(SEED, 'c', 0, [])).toThrow();
    expect(() => fairDraw(SEED, 'c', 0, [1, 0])).toThrow();
    expect(() => fairDraw(SEED, 'c', 0, [1, 1.5])).toThrow();
    expect(() => fairDraw(SEED, 'c', 0, [MAX_WEIGHT_SUM, 1])).toThrow();
    expect(fairDraw(SEED, 'c', 0, [MAX_WEIGHT_SUM])).toBe(0);
  });

  it('100,000 draws match the demo wheel’s published weights (chi-square, p > 0.001)', () => {
    const weights = demoWheelSlices.map((s) => s.weight);
    const sum = weights.reduce((a, b) => a + b, 0);
    const draws = 100_000;
    const counts = weights.map(() => 0);
    for (let nonce = 0; nonce < draws; nonce += 1) {
      const index = fairDraw(SEED, 'chi-square', nonce, weights);
      counts[index] = (counts[index] ?? 0) + 1;
    }
    const chiSquare = weights.reduce((acc, w, i) => {
      const expected = (draws * w) / sum;
      return acc + ((counts[i] ?? 0) - expected) ** 2 / expected;
    }, 0);
    const critical = CHI_SQUARE_0_001[weights.length - 1];
    expect(critical).toBeDefined();
    expect(chiSquare).toBeLessThan(critical ?? 0);
  });
});
