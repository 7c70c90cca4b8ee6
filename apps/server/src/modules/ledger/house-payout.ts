import type { LedgerCurrency } from '@mekong/contracts/constants';
import type { Kysely } from 'kysely';
import type { Database } from '@/db/schema.ts';
import { createTransfer } from '@/modules/ledger/ledger.service.ts';

/** The promotions a house pays out in cash, each from its own house account of the same name. */
export type HousePayoutKind = 'invite' | 'refund' | 'prize';

/**
 * A promotion paid into the member's cash wallet (docs/decisions/0013-promotions.md): one posted transfer from the
 * house account of `kind`, unique by (kind, externalRef) like every transfer (createTransfer).
 */
export function payFromHouse(
  trx: Kysely<Database>,
  kind: HousePayoutKind,
  payee: { memberId: string; amountMinor: bigint; currency: LedgerCurrency },
  details: { externalRef: string; now: Date; id?: string; metadata?: Record<string, unknown> },
): ReturnType<typeof createTransfer> {
  return createTransfer(trx, {
    ...details,
    memberId: payee.memberId,
    debit: { house: kind },
    credit: { memberId: payee.memberId, kind: 'cash' },
    amountMinor: payee.amountMinor,
    currency: payee.currency,
    kind,
    status: 'posted',
  });
}
