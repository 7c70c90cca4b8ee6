import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
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

/** A provider's row locked for an operator's change. */
export function lockProvider(trx: Transaction<Database>, code: string) {
  return trx
    .selectFrom('game_providers')
    .selectAll()
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
}

export function setProviderEnabled(trx: Transaction<Database>, code: string, isEnabled: boolean) {
  return trx
    .updateTable('game_providers')
    .set({ is_enabled: isEnabled })
    .where('code', '=', code)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listMemberGameAccounts(db: Kysely<Database>, memberId: string) {
  return db
    .selectFrom('member_game_accounts')
    .selectAll()
    .where('member_id', '=', memberId)
    .execute();
}

/** listMemberGameAccounts for several members in one statement. */
export async function listMembersGameAccounts(db: Kysely<Database>, memberIds: readonly string[]) {
  const result = new Map(memberIds.map((id) => [id, [] as MemberGameAccountRow[]]));
  if (memberIds.length === 0) return result;
  const rows = await db
    .selectFrom('member_game_accounts')
    .selectAll()
    .where('member_id', 'in', [...memberIds])
    .execute();
  for (const row of rows) result.get(row.member_id)?.push(row);
  return result;
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

/** Changes one game account: activated (status), a new password, or the time its balance was last synced. */
export async function updateGameAccount(
  db: Kysely<Database>,
  id: string,
  changes: Partial<
    Pick<
      Updateable<MemberGameAccountsTable>,
      'status' | 'password_enc' | 'synced_at' | 'updated_at'
    >
  >,
) {
  await db.updateTable('member_game_accounts').set(changes).where('id', '=', id).execute();
}

/** Active game accounts of every member, for the periodic balance sync. */
export function listActiveGameAccounts(
  db: Kysely<Database>,
  options: { limit: number; afterId?: string },
) {
  let query = db
    .selectFrom('member_game_accounts')
    .select(['id', 'member_id', 'provider', 'username'])
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(options.limit);
  if (options.afterId) query = query.where('id', '>', options.afterId);
  return query.execute();
}

/** A page of active game accounts by id after `afterId`, with when each was last synced (the reconciliation). */
export function listGameAccountsPage(
  db: Kysely<Database>,
  options: { limit: number; afterId: string | null },
) {
  let query = db
    .selectFrom('member_game_accounts')
    .select(['id', 'member_id', 'provider', 'username', 'synced_at'])
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(options.limit);
  if (options.afterId) query = query.where('id', '>', options.afterId);
  return query.execute();
}
