import { sql, type Insertable, type Kysely } from 'kysely';
import { finder } from '@/db/finders.ts';
import { playerDayOf } from '@/db/player-day.ts';
import type { Database, GameBetsTable } from '@/db/schema.ts';

export type NewGameBet = Insertable<GameBetsTable>;

/** The username of the provider-wide cursor in game_bet_cursors (an account's own cursor has its username). */
export const PROVIDER_WIDE = '';

/** Providers with at least one active game account: the ones whose betting history the sync job reads. */
export async function listProvidersWithAccounts(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('member_game_accounts')
    .select('provider')
    .distinct()
    .where('status', '=', 'active')
    .orderBy('provider')
    .execute();
  return rows.map((r) => r.provider);
}

/** The member owning each of these accounts at the provider (accounts unknown here are missing from the map). */
export async function findAccountOwners(
  db: Kysely<Database>,
  provider: string,
  usernames: readonly string[],
): Promise<Map<string, string>> {
  if (usernames.length === 0) return new Map();
  const rows = await db
    .selectFrom('member_game_accounts')
    .select(['username', 'member_id'])
    .where('provider', '=', provider)
    .where('username', 'in', usernames)
    .execute();
  return new Map(rows.map((r) => [r.username, r.member_id]));
}

/** Inserts bet records; one already booked (same provider and record id) is left as it is. Answers how many were new. */
export async function insertBets(
  db: Kysely<Database>,
  rows: readonly NewGameBet[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto('game_bets')
    .values([...rows])
    .onConflict((oc) => oc.columns(['provider', 'external_id']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/** Where the history of the provider (or of one account) was read up to (none: never read). */
export const readBetCursor = finder(
  (db: Kysely<Database>, provider: string, username: string) =>
    db
      .selectFrom('game_bet_cursors')
      .select('cursor')
      .where('provider', '=', provider)
      .where('username', '=', username),
  (row) => row.cursor,
);

/**
 * Moves a cursor from `from` (null: none yet) to `to`, only if it still is `from` (compare-and-set in one statement):
 * false when another reader moved it meanwhile.
 */
export async function moveBetCursor(
  db: Kysely<Database>,
  key: { provider: string; username: string },
  from: string | null,
  to: string,
  now: Date,
): Promise<boolean> {
  if (from === null) {
    const row = await db
      .insertInto('game_bet_cursors')
      .values({ ...key, cursor: to, updated_at: now })
      .onConflict((oc) => oc.columns(['provider', 'username']).doNothing())
      .returning('cursor')
      .executeTakeFirst();
    return row !== undefined;
  }
  const result = await db
    .updateTable('game_bet_cursors')
    .set({ cursor: to, updated_at: now })
    .where('provider', '=', key.provider)
    .where('username', '=', key.username)
    .where('cursor', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The member's stakes per category over bets placed in [since, until). */
export async function sumStakesByCategory(
  db: Kysely<Database>,
  memberId: string,
  since: Date,
  until?: Date,
): Promise<{ category: string; stakeMinor: bigint }[]> {
  let query = db
    .selectFrom('game_bets')
    .select((eb) => ['category', eb.fn.sum<string | number>('stake_minor').as('stake')])
    .where('member_id', '=', memberId)
    .where('placed_at', '>=', since)
    .groupBy('category');
  if (until) query = query.where('placed_at', '<', until);
  const rows = await query.execute();
  return rows.map((r) => ({ category: r.category, stakeMinor: BigInt(r.stake) }));
}

/** Σ (stake − payout) of the member's bets placed in [from, to) outside every excluded window [from, to or open). */
export async function sumNetLoss(
  db: Kysely<Database>,
  memberId: string,
  from: Date,
  to: Date,
  excluded: readonly { from: Date; to: Date | null }[],
): Promise<bigint> {
  let query = db
    .selectFrom('game_bets')
    .select((eb) =>
      eb.fn
        .coalesce(
          eb.fn.sum<string | number>(eb('stake_minor', '-', eb.ref('payout_minor'))),
          eb.lit(0),
        )
        .as('net'),
    )
    .where('member_id', '=', memberId)
    .where('placed_at', '>=', from)
    .where('placed_at', '<', to);
  for (const window of excluded) {
    query = query.where((eb) =>
      eb.not(
        eb.and([
          eb('placed_at', '>=', window.from),
          ...(window.to === null ? [] : [eb('placed_at', '<', window.to)]),
        ]),
      ),
    );
  }
  const row = await query.executeTakeFirstOrThrow();
  return BigInt(row.net);
}

/** Bets placed in [start, end), per players' day, provider and the member's currency (the back office's reports). */
export async function sumBetsByDay(
  db: Kysely<Database>,
  start: Date,
  end: Date,
): Promise<
  {
    day: number;
    provider: string;
    currency: 'BAHT' | 'LAK';
    count: number;
    stakeMinor: bigint;
    payoutMinor: bigint;
  }[]
> {
  const rows = await db
    .selectFrom('game_bets as b')
    .innerJoin('members as m', 'm.id', 'b.member_id')
    .select([
      playerDayOf('b.placed_at').as('day'),
      'b.provider',
      'm.currency',
      (eb) => eb.fn.countAll<string | number>().as('n'),
      sql<string>`sum(b.stake_minor)::text`.as('stake'),
      sql<string>`sum(b.payout_minor)::text`.as('payout'),
    ])
    .where('b.placed_at', '>=', start)
    .where('b.placed_at', '<', end)
    .groupBy([sql`1`, 'b.provider', 'm.currency'])
    .execute();
  return rows.map((r) => ({
    day: Number(r.day),
    provider: r.provider,
    currency: r.currency,
    count: Number(r.n),
    stakeMinor: BigInt(r.stake),
    payoutMinor: BigInt(r.payout),
  }));
}
