import type { Kysely } from 'kysely';
import type { Database } from '@/db/schema.ts';

/**
 * The weighted valid bets since a time (docs/decisions/0013-promotions.md#bonus, the games module's bet records).
 * Until the bet records are booked, a turnover bonus cannot be released: nothing counts yet.
 */
export async function weightedTurnover(
  _db: Kysely<Database>,
  _memberId: string,
  _since: Date,
  _weightsPercent: Record<string, number>,
): Promise<bigint> {
  return Promise.resolve(0n);
}
