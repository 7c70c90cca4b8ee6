import type { Kysely } from 'kysely';
import type { Trx } from '@/db/database.ts';
import type { Database } from '@/db/schema.ts';
import { findClearingCode } from '@/modules/lookup/lookup.repository.ts';

/**
 * The ledger external reference of a real bank transaction, whichever way it reaches us (the bank feed, a slip of
 * it): the sending bank's 3-digit clearing code and its transaction reference, as a slip's mini-QR names it. One
 * reference for both paths lets the ledger's unique (kind, external_ref) credit the transaction once.
 */
export function bankTxRef(sendingBank: string, transRef: string): string {
  return `banktx:${sendingBank}:${transRef}`;
}

/** The 3-digit clearing code of a bank named by our code (KBANK) or its number (004); else the code as given. */
export async function clearingCodeOf(
  db: Kysely<Database> | Trx,
  bankCode: string,
): Promise<string> {
  const code = bankCode.trim().toUpperCase();
  if (/^\d{3}$/.test(code)) return code;
  return (await findClearingCode(db, code)) ?? code;
}
