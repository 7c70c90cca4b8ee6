import type { Kysely } from 'kysely';
import type { Database } from '@/db/schema.ts';

export async function findAcceptedVersion(
  db: Kysely<Database>,
  memberId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('member_agreements')
    .select('version')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.version ?? null;
}

/** Records the member's acceptance of `version`, replacing an older one. */
export async function saveAcceptance(
  db: Kysely<Database>,
  memberId: string,
  version: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('member_agreements')
    .values({ member_id: memberId, version, accepted_at: now })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ version, accepted_at: now }))
    .execute();
}
