import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The provably fair draw of the prize wheel (docs/decisions/0013-promotions.md#prize-wheel). Pure and dependency-free
 * apart from node:crypto, so anyone can verify a spin from what its answer reveals: the server seed (hex of 32 bytes),
 * the client seed, the nonce and the slice weights in wheel order.
 *
 * Round r = 0, 1, …: HMAC-SHA256(key = the server seed's bytes, message = `${clientSeed}:${nonce}:${r}`) gives 32 bytes,
 * read as five big-endian 48-bit integers (bytes 0–5, 6–11, …, 24–29). The first integer below the largest multiple of
 * the weight sum (rejection sampling: no modulo bias) is taken modulo the sum and picks the slice whose cumulative
 * weight range holds it.
 */

const CHUNK_BYTES = 6;
const CHUNKS_PER_ROUND = 5;
const CHUNK_RANGE = 2 ** 48;
/** A chunk is rejected with a chance below sum / 2^48 <= 2^-16, so 64 rounds (320 chunks) never run out in practice. */
const MAX_ROUNDS = 64;
/** The weight sum must leave the 48-bit range many multiples, and stay exact in a double. */
export const MAX_WEIGHT_SUM = 2 ** 32;

/** A fresh server seed: 32 random bytes, hex. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** The commitment shown before the spin: SHA-256 of the seed's 32 bytes, hex. */
export function seedHashOf(serverSeed: string): string {
  return createHash('sha256').update(Buffer.from(serverSeed, 'hex')).digest('hex');
}

/** A client seed for a member who sent none: 16 random bytes, hex. */
export function newClientSeed(): string {
  return randomBytes(16).toString('hex');
}

function checkWeights(weights: readonly number[]): number {
  if (weights.length === 0) throw new Error('a draw needs at least one weight');
  let sum = 0;
  for (const w of weights) {
    if (!Number.isInteger(w) || w <= 0)
      throw new Error(`a weight must be a positive integer: ${w}`);
    sum += w;
  }
  if (sum > MAX_WEIGHT_SUM) throw new Error(`the weight sum ${sum} is above ${MAX_WEIGHT_SUM}`);
  return sum;
}

/** The slice whose cumulative weight range holds r (0 <= r < sum). */
export function sliceAt(weights: readonly number[], r: number): number {
  let upper = 0;
  for (const [i, w] of weights.entries()) {
    upper += w;
    if (r < upper) return i;
  }
  throw new Error(`${r} is outside the weight sum ${upper}`);
}

/** The uniform integer in [0, sum) of the draw, and how many rounds it took (for tests of the rejection). */
export function fairNumber(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  sum: number,
): { value: number; round: number } {
  const limit = Math.floor(CHUNK_RANGE / sum) * sum;
  const key = Buffer.from(serverSeed, 'hex');
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const digest = createHmac('sha256', key).update(`${clientSeed}:${nonce}:${round}`).digest();
    for (let chunk = 0; chunk < CHUNKS_PER_ROUND; chunk += 1) {
      const x = digest.readUIntBE(chunk * CHUNK_BYTES, CHUNK_BYTES);
      if (x < limit) return { value: x % sum, round };
    }
  }
  throw new Error('no chunk fell below the limit');
}

/** The index of the slice won, from (serverSeed, clientSeed, nonce, weights). */
export function fairDraw(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  weights: readonly number[],
): number {
  const sum = checkWeights(weights);
  return sliceAt(weights, fairNumber(serverSeed, clientSeed, nonce, sum).value);
}
