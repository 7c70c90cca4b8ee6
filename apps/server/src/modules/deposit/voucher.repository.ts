import type { Kysely } from 'kysely';
import type { Database } from '@/db/schema.ts';

export type StaleVoucher = { id: string; voucherHash: string; memberId: string };

/** Vouchers still `redeeming` since before `before`, oldest first. */
export async function listStaleRedeeming(
  db: Kysely<Database>,
  before: Date,
  limit: number,
): Promise<StaleVoucher[]> {
  const rows = await db
    .selectFrom('truemoney_vouchers')
    .select(['id', 'voucher_hash', 'member_id'])
    .where('status', '=', 'redeeming')
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    voucherHash: r.voucher_hash,
    memberId: r.member_id,
  }));
}

/** Whether the voucher is still waiting for the voucher service's answer (no recovery has settled it). */
export async function isStillRedeeming(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('truemoney_vouchers')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.status === 'redeeming';
}
