import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, GameProvidersTable, MemberGameAccountsTable } from '@/db/schema.ts';

export type ProviderRow = Selectable<GameProvidersTable>;
export type MemberGameAccountRow = Selectable<MemberGameAccountsTable>;

export function listProviders(db: Kysely<Database>): Promise<ProviderRow[]> {
  return db
    .selectFrom('game_providers')
    .selectAll()
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
}

export function findProvider(db: Kysely<Database>, code: string) {
  return db.selectFrom('game_providers').selectAll().where('code', '=', code).executeTakeFirst();
}

export function listMemberGameAccounts(db: Kysely<Database>, memberId: string) {
  return db
    .selectFrom('member_game_accounts')
    .selectAll()
    .where('member_id', '=', memberId)
    .execute();
}

export function findMemberGameAccount(db: Kysely<Database>, memberId: string, provider: string) {
  return db
    .selectFrom('member_game_accounts')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

/** Claims the member's account at a provider; false when one exists already (unique constraint decides). */
export async function claimMemberGameAccount(
  db: Kysely<Database>,
  row: Omit<MemberGameAccountRow, 'synced_at'>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('member_game_accounts')
    .values({ ...row, synced_at: null })
    .onConflict((oc) => oc.columns(['member_id', 'provider']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function markGameAccountActive(db: Kysely<Database>, id: string, now: Date) {
  await db
    .updateTable('member_game_accounts')
    .set({ status: 'active', updated_at: now, synced_at: now })
    .where('id', '=', id)
    .execute();
}

export async function updateGamePassword(
  db: Kysely<Database>,
  id: string,
  passwordEnc: string,
  now: Date,
) {
  await db
    .updateTable('member_game_accounts')
    .set({ password_enc: passwordEnc, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function markSynced(db: Kysely<Database>, id: string, now: Date) {
  await db
    .updateTable('member_game_accounts')
    .set({ synced_at: now })
    .where('id', '=', id)
    .execute();
}

/** Active game accounts of every member, for the periodic balance sync. */
export function listActiveGameAccounts(
  db: Kysely<Database>,
  options: { limit: number; afterId?: string },
) {
  let query = db
    .selectFrom('member_game_accounts as g')
    .innerJoin('members as m', 'm.id', 'g.member_id')
    .select(['g.id', 'g.member_id', 'g.provider', 'g.username', 'm.currency'])
    .where('g.status', '=', 'active')
    .orderBy('g.id')
    .limit(options.limit);
  if (options.afterId) query = query.where('g.id', '>', options.afterId);
  return query.execute();
}

/**
 * The member (currency, public id) with their accounts at the given providers, in one query. Undefined when the
 * member does not exist.
 */
export async function findMemberWithGameAccounts(
  db: Kysely<Database>,
  memberId: string,
  providers: string[],
): Promise<{ currency: string; publicId: string; accounts: MemberGameAccountRow[] } | undefined> {
  if (providers.length === 0) {
    const member = await db
      .selectFrom('members')
      .select(['currency', 'public_id'])
      .where('id', '=', memberId)
      .executeTakeFirst();
    return member && { currency: member.currency, publicId: member.public_id, accounts: [] };
  }
  const rows = await db
    .selectFrom('members as m')
    .leftJoin('member_game_accounts as g', (join) =>
      join.onRef('g.member_id', '=', 'm.id').on('g.provider', 'in', providers),
    )
    .select([
      'm.currency',
      'm.public_id',
      'g.id',
      'g.member_id',
      'g.provider',
      'g.username',
      'g.password_enc',
      'g.status',
      'g.synced_at',
      'g.created_at',
      'g.updated_at',
    ])
    .where('m.id', '=', memberId)
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  const accounts: MemberGameAccountRow[] = [];
  for (const r of rows)
    if (r.id !== null && r.member_id !== null && r.provider !== null && r.username !== null)
      accounts.push({
        id: r.id,
        member_id: r.member_id,
        provider: r.provider,
        username: r.username,
        password_enc: r.password_enc ?? '',
        status: r.status ?? 'creating',
        synced_at: r.synced_at,
        created_at: r.created_at ?? new Date(0),
        updated_at: r.updated_at ?? new Date(0),
      });
  return { currency: first.currency, publicId: first.public_id, accounts };
}

/**
 * Every ledger account of the member (available = balance - reserved, as text: int8) with, for a game account, the
 * member's account at that provider: the wallet read in one query.
 */
export function listMemberAccountsWithGames(db: Kysely<Database>, memberId: string) {
  return db
    .selectFrom('ledger_accounts as la')
    .leftJoin('member_game_accounts as g', (join) =>
      join
        .onRef('g.member_id', '=', 'la.member_id')
        .onRef('g.provider', '=', 'la.provider')
        .on('la.kind', '=', 'game'),
    )
    .select([
      'la.kind',
      'la.provider as account_provider',
      sql<string>`(la.balance - la.reserved)::text`.as('available'),
      'g.id',
      'g.member_id',
      'g.provider',
      'g.username',
      'g.password_enc',
      'g.status',
      'g.synced_at',
      'g.created_at',
      'g.updated_at',
    ])
    .where('la.member_id', '=', memberId)
    .execute();
}
