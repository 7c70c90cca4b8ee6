import type { Kysely } from 'kysely';
import type { Database } from '@/db/schema.ts';

export type StaleVoucher = { id: string; voucherHash: string; memberId: string; updatedAt: Date };

/** Vouchers still `redeeming` since before `before`, oldest first. */
export async function listStaleRedeeming(
  db: Kysely<Database>,
  before: Date,
  limit: number,
): Promise<StaleVoucher[]> {
  const rows = await db
    .selectFrom('truemoney_vouchers')
    .select(['id', 'voucher_hash', 'member_id', 'updated_at'])
    .where('status', '=', 'redeeming')
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    voucherHash: r.voucher_hash,
    memberId: r.member_id,
    updatedAt: r.updated_at,
  }));
}

/** Takes the voucher for one recovery: true only for the caller that moved it on from the time it was seen at. */
export async function leaseVoucher(
  db: Kysely<Database>,
  voucher: StaleVoucher,
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('truemoney_vouchers')
    .set({ updated_at: now })
    .where('id', '=', voucher.id)
    .where('status', '=', 'redeeming')
    .where('updated_at', '=', voucher.updatedAt)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
