import type { LedgerCurrency } from '@mekong/contracts/constants';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Queryable } from '@/db/database.ts';
import { retryOnConflict } from '@/db/conflict-retry.ts';
import { AppError } from '@/lib/app-error.ts';
import {
  houseAccountId,
  memberAccountId,
  type HouseAccountKind,
} from '@/modules/ledger/ledger-ids.ts';
import {
  findTransferByExternalRef,
  findTransferByIdempotencyKey,
  getTransfer,
  readLedgerHealth,
  readMemberBalances,
  readMembersBalances,
  toTransfer,
  transferColumns,
  type MemberBalances,
  type TransferDbRow,
  type TransferKind,
  type TransferRow,
} from '@/modules/ledger/ledger.repository.ts';

/**
 * The double-entry ledger (docs/design.md#money, docs/decisions/0002-ledger.md). Every function takes the caller's transaction
 * (a Kysely<Database>: a Transaction is one) unless noted; money changes happen in one transaction.
 */

export type MemberAccountRef =
  | { memberId: string; kind: 'cash' | 'bonus' }
  | { memberId: string; kind: 'game'; provider: string };
export type HouseAccountRef =
  | { house: Exclude<HouseAccountKind, 'provider_float'> }
  | { house: 'provider_float'; provider: string };
export type AccountRef = MemberAccountRef | HouseAccountRef;
export type CreateTransferInput = {
  memberId: string | null;
  debit: AccountRef;
  credit: AccountRef;
  amountMinor: bigint;
  currency: LedgerCurrency;
  kind: TransferKind;
  status: 'pending' | 'posted';
  /** Unique per member: a repeat returns { isReplay: true, transfer } and moves nothing. */
  idempotencyKey?: string;
  /** Unique per (kind, externalRef): a repeat returns isReplay. */
  externalRef?: string;
  /** Ties the legs of one member action (e.g. withdrawAll) for the statement. */
  groupId?: string;
  metadata?: Record<string, unknown>;
  /** Creation time (the service's clock); default now. */
  now?: Date;
  /** The transfer's id; default a new UUID. */
  id?: string;
};

const isMemberRef = (ref: AccountRef): ref is MemberAccountRef => 'memberId' in ref;

/**
 * A statement run outside a transaction is its own transaction: a deadlock rolled all of it back, so it is run again
 * here. Inside the caller's transaction the whole transaction is re-run instead (withTransaction).
 */
const runStatement = <T>(db: Queryable, run: () => Promise<T>): Promise<T> =>
  db.isTransaction ? run() : retryOnConflict(run);

export function accountIdOf(ref: AccountRef, currency: LedgerCurrency): string {
  if (isMemberRef(ref))
    return memberAccountId(ref.memberId, ref.kind, ref.kind === 'game' ? ref.provider : null);
  return houseAccountId(ref.house, currency, ref.house === 'provider_float' ? ref.provider : null);
}

async function ensureAccount(
  trx: Queryable,
  id: string,
  memberId: string,
  kind: 'cash' | 'bonus' | 'game',
  provider: string | null,
  currency: LedgerCurrency,
  now: Date,
) {
  await trx
    .insertInto('ledger_accounts')
    .values({ id, member_id: memberId, kind, provider, currency, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The member's cash and bonus accounts; idempotent. */
export async function ensureMemberAccounts(
  trx: Queryable,
  memberId: string,
  currency: LedgerCurrency,
  now = new Date(),
): Promise<void> {
  for (const kind of ['cash', 'bonus'] as const)
    await ensureAccount(trx, memberAccountId(memberId, kind), memberId, kind, null, currency, now);
}

/** The member's account for one game provider; idempotent. */
export async function ensureGameAccount(
  trx: Queryable,
  memberId: string,
  provider: string,
  currency: LedgerCurrency,
  now = new Date(),
): Promise<void> {
  await ensureAccount(
    trx,
    memberAccountId(memberId, 'game', provider),
    memberId,
    'game',
    provider,
    currency,
    now,
  );
  // The provider's float exists from the migration for the 16 providers; a provider added later gets it here.
  await trx
    .insertInto('ledger_accounts')
    .values({
      id: houseAccountId('provider_float', currency, provider),
      member_id: null,
      kind: 'provider_float',
      provider,
      currency,
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

type BalanceChange = { accountId: string; balance: bigint; reserved: bigint };

const MONEY_NOT_ENOUGH_MARK = 'ledger:MONEY_NOT_ENOUGH';
const NO_ACCOUNT_MARK = 'ledger:NO_ACCOUNT';

/** Funds a change needs available: a reservation, or a posted debit. */
function neededFunds(change: BalanceChange): bigint {
  if (change.balance < 0n && change.reserved === 0n) return -change.balance;
  return change.reserved > 0n ? change.reserved : 0n;
}

/** The transfer columns as RETURNING lists them (amount as text: PGlite reads int8 as a lossy number). */
const returnedColumns = sql.join([
  ...transferColumns.map((c) => sql.ref(c)),
  sql`amount::text as amount`,
]);

function sameRequest(
  existing: TransferRow,
  input: CreateTransferInput,
  debit: string,
  credit: string,
) {
  return (
    existing.debitAccountId === debit &&
    existing.creditAccountId === credit &&
    existing.amountMinor === input.amountMinor &&
    existing.kind === input.kind &&
    existing.currency === input.currency
  );
}

/**
 * Records one movement. The row is inserted first, so its idempotency key / external reference is claimed by a
 * unique constraint (never check-then-insert); a repeat finds the first row and moves nothing. A repeat with other
 * details is refused with IDEMPOTENCY_KEY_REUSED. A member debit lacking funds throws MONEY_NOT_ENOUGH (and the
 * caller's transaction rolls back, freeing the key). Everything is one statement, so it may also run outside a
 * transaction (given the Kysely instance itself): it is then one transaction on its own, and a lack of funds fails
 * the statement, so nothing is written.
 */
export async function createTransfer(
  trx: Queryable,
  input: CreateTransferInput,
): Promise<{ transfer: TransferRow; isReplay: boolean }> {
  if (input.amountMinor <= 0n) throw new Error('a transfer amount must be positive');
  const debitId = accountIdOf(input.debit, input.currency);
  const creditId = accountIdOf(input.credit, input.currency);
  if (debitId === creditId) throw new Error('a transfer needs two different accounts');
  const now = input.now ?? new Date();
  const id = input.id ?? randomUUID();

  const a = input.amountMinor;
  const changes: BalanceChange[] = [];
  if (isMemberRef(input.debit))
    changes.push(
      input.status === 'posted'
        ? { accountId: debitId, balance: -a, reserved: 0n }
        : { accountId: debitId, balance: 0n, reserved: a },
    );
  if (isMemberRef(input.credit) && input.status === 'posted')
    changes.push({ accountId: creditId, balance: a, reserved: 0n });
  // Account-id order, so two transfers of one member in opposite directions cannot deadlock.
  changes.sort((x, y) => (x.accountId < y.accountId ? -1 : 1));

  // One statement: the insert claims the key (ON CONFLICT DO NOTHING), then each member change runs only after the
  // one before it (each is gated on its predecessor's output, so row locks are taken in account-id order) and only
  // when the row was inserted; a debit is conditional on the available funds.
  const steps = changes.map((change, i) => {
    const need = neededFunds(change);
    const after = sql.raw(i === 0 ? 'ins' : `c${i - 1}`);
    return sql`${sql.raw(`c${i}`)} as (
      update ledger_accounts
      set balance = balance + ${change.balance.toString()}::bigint,
        reserved = reserved + ${change.reserved.toString()}::bigint, version = version + 1
      where id = ${change.accountId} and currency = ${input.currency} and member_id is not null
        ${need > 0n ? sql`and balance - reserved >= ${need.toString()}::bigint` : sql``}
        and exists (select 1 from ${after})
      returning id)`;
  });
  const counts = changes.map(
    (_, i) => sql`(select count(*) from ${sql.raw(`c${i}`)})::int as ${sql.raw(`n${i}`)}`,
  );
  // Outside a transaction the statement is its own transaction: a change that found no row must then fail the whole
  // statement, so the inserted row goes too. A cast of a marked text to int does that at run time, only on that path.
  const isStatementOwnTransaction = !trx.isTransaction;
  const guards = isStatementOwnTransaction
    ? changes.map(
        (change, i) =>
          // A change skipped because the one before it failed is reported by that one's guard.
          sql`case when (select count(*) from ${sql.raw(`c${i}`)}) = 1
              ${i > 0 ? sql`or (select count(*) from ${sql.raw(`c${i - 1}`)}) = 0` : sql``} then 0
            else (${`${neededFunds(change) > 0n ? MONEY_NOT_ENOUGH_MARK : NO_ACCOUNT_MARK}:`} || ins.id::text)::int
            end as ${sql.raw(`g${i}`)}`,
      )
    : [];
  const columns = [...counts, ...guards];
  const query = sql<TransferDbRow & Record<`n${number}`, number>>`
    with ins as (
      insert into ledger_transfers (id, member_id, debit_account_id, credit_account_id, amount, currency, kind, status,
        idempotency_key, external_ref, group_id, metadata, created_at, settled_at)
      values (${id}, ${input.memberId}, ${debitId}, ${creditId}, ${a.toString()}::bigint, ${input.currency},
        ${input.kind}, ${input.status}, ${input.idempotencyKey ?? null}, ${input.externalRef ?? null},
        ${input.groupId ?? null}, ${input.metadata ? JSON.stringify(input.metadata) : null}::jsonb, ${now},
        ${input.status === 'posted' ? now : null}::timestamptz)
      on conflict do nothing
      returning ${returnedColumns}
    )${steps.length > 0 ? sql`, ${sql.join(steps)}` : sql``}
    select ins.*${columns.length > 0 ? sql`, ${sql.join(columns)}` : sql``} from ins`;
  let result: Awaited<ReturnType<typeof query.execute>>;
  try {
    result = await runStatement(trx, () => query.execute(trx));
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (message.includes(MONEY_NOT_ENOUGH_MARK)) throw new AppError('MONEY_NOT_ENOUGH');
    if (message.includes(NO_ACCOUNT_MARK))
      throw new Error(`a ledger account of transfer ${id} (${input.currency}) does not exist`);
    throw error;
  }
  const inserted = result.rows[0];

  if (!inserted) {
    let existing: TransferRow | undefined;
    if (input.idempotencyKey !== undefined && input.memberId !== null)
      existing = await findTransferByIdempotencyKey(trx, input.memberId, input.idempotencyKey);
    if (!existing && input.externalRef !== undefined) {
      existing = await findTransferByExternalRef(trx, input.kind, input.externalRef);
    }
    if (!existing) throw new Error(`transfer ${id} conflicted with an unknown row`);
    if (!sameRequest(existing, input, debitId, creditId))
      throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return { transfer: existing, isReplay: true };
  }
  changes.forEach((change, i) => {
    if (Number(inserted[`n${i}`]) === 1) return;
    // The caller's transaction must roll back (the row was inserted): throwing does that.
    if (neededFunds(change) > 0n) throw new AppError('MONEY_NOT_ENOUGH');
    throw new Error(`ledger account ${change.accountId} (${input.currency}) does not exist`);
  });
  return { transfer: toTransfer(inserted), isReplay: false };
}

/**
 * pending → posted | voided in one statement: the transfer row changes only from pending; then its member sides (a
 * house side has no member row and is left alone) in account-id order — the higher id is gated on the lower one's
 * update, so locks are taken in the same order as createTransfer's. Posting moves both balances and clears the
 * reservation; voiding only clears the reservation.
 */
async function settle(
  trx: Queryable,
  transferId: string,
  to: 'posted' | 'voided',
  now: Date,
): Promise<TransferRow> {
  const isPost = to === 'posted';
  const side = (name: string, pick: 'least' | 'greatest', after: string | null) => sql`
    ${sql.raw(name)} as (
      update ledger_accounts a
      set balance = a.balance + case when a.id = t.debit_account_id then ${isPost ? sql`-t.amount_raw` : sql`0`}
          else t.amount_raw end,
        reserved = a.reserved - case when a.id = t.debit_account_id then t.amount_raw else 0 end,
        version = a.version + 1
      from t
      where a.id = ${sql.raw(pick)}(t.debit_account_id, t.credit_account_id) and a.member_id is not null
        and a.currency = t.currency
        ${isPost ? sql`` : sql`and a.id = t.debit_account_id`}
        ${after ? sql`and (select count(*) from ${sql.raw(after)}) >= 0` : sql``}
      returning a.id)`;
  const query = sql<TransferDbRow>`
    with t as (
      update ledger_transfers set status = ${to}, settled_at = ${now}
      where id = ${transferId} and status = 'pending'
      returning ${returnedColumns}, amount as amount_raw
    ), ${side('lo', 'least', null)}, ${side('hi', 'greatest', 'lo')}
    select ${sql.join(transferColumns.map((c) => sql.ref(c)))}, amount from t`;
  const result = await runStatement(trx, () => query.execute(trx));
  const updated = result.rows[0];
  if (!updated) {
    const current = await getTransfer(trx, transferId);
    if (!current) throw new Error(`transfer ${transferId} does not exist`);
    if (current.status === to) return current;
    throw new Error(`transfer ${transferId} is ${current.status}, cannot become ${to}`);
  }
  return toTransfer(updated);
}

/**
 * Many pending transfers → posted in one statement (the group commit of concurrent requests, docs/decisions/0006).
 * The transfers change only from pending; each member account's moves are summed, its row is locked in account-id
 * order (as createTransfer and settle lock), then changed once. Answers the transfers it posted; one that was not
 * pending is absent (settle it alone to learn why). Outside a transaction the statement is its own transaction.
 * The lock is FOR NO KEY UPDATE, not FOR UPDATE: a transfer being recorded takes FOR KEY SHARE on its accounts (its
 * foreign keys), which FOR UPDATE would block, a deadlock with createTransfer (docs/decisions/0010-ledger-locks-and-leases.md).
 */
export async function postTransfers(
  db: Queryable,
  transferIds: readonly string[],
  now = new Date(),
): Promise<Map<string, TransferRow>> {
  if (transferIds.length === 0) return new Map();
  const query = sql<TransferDbRow>`
    with t as (
      update ledger_transfers set status = 'posted', settled_at = ${now}
      where id = any(${[...transferIds]}::uuid[]) and status = 'pending'
      returning ${returnedColumns}, amount as amount_raw
    ), moves as (
      select debit_account_id as id, currency, -amount_raw as balance, -amount_raw as reserved from t
      union all
      select credit_account_id, currency, amount_raw, 0::bigint from t
    ), per_account as (
      select id, currency, sum(balance)::bigint as balance, sum(reserved)::bigint as reserved
      from moves group by id, currency
    ), locked as (
      select a.id from ledger_accounts a join per_account p on p.id = a.id and p.currency = a.currency
      where a.member_id is not null
      order by a.id
      for no key update of a
    ), changed as (
      update ledger_accounts a
      set balance = a.balance + p.balance, reserved = a.reserved + p.reserved, version = a.version + 1
      from per_account p
      where a.id = p.id and a.currency = p.currency and a.member_id is not null
        and (select count(*) from locked) >= 0
      returning a.id
    )
    select ${sql.join(transferColumns.map((c) => sql.ref(c)))}, amount from t`;
  const result = await runStatement(db, () => query.execute(db));
  return new Map(result.rows.map((row) => [row.id, toTransfer(row)]));
}

/** pending → posted (moves the balances, clears the reservation); posted is a no-op; voided throws. */
export function postTransfer(
  trx: Queryable,
  transferId: string,
  now = new Date(),
): Promise<TransferRow> {
  return settle(trx, transferId, 'posted', now);
}

/** pending → voided (clears the reservation: the money is back); voided is a no-op; posted throws. */
export function voidTransfer(
  trx: Queryable,
  transferId: string,
  now = new Date(),
): Promise<TransferRow> {
  return settle(trx, transferId, 'voided', now);
}

export type { MemberBalances };

/** Available funds (balance - reserved) of each of the member's accounts. Works on the db or a trx. */
export function getMemberBalances(db: Queryable, memberId: string): Promise<MemberBalances> {
  return readMemberBalances(db, memberId, 'available');
}

/** getMemberBalances for several members in one statement (the batched wallet read, docs/decisions/0006). */
export function getMembersBalances(db: Queryable, memberIds: readonly string[]) {
  return readMembersBalances(db, memberIds, 'available');
}

/** Pending transfers per kind (with the oldest one's age) and the transfers posted in the last 24 hours (metrics). */
export function ledgerHealth(db: Queryable, now: Date) {
  return readLedgerHealth(db, new Date(now.getTime() - 24 * 3600_000));
}
