import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, LedgerTransferKind, LedgerTransfersTable } from '@/db/schema.ts';
import { AppError } from '@/lib/app-error.ts';
import {
  CURRENCIES,
  houseAccountId,
  memberAccountId,
  type Currency,
  type HouseAccountKind,
} from '@/modules/ledger/ledger-ids.ts';

/**
 * The double-entry ledger (DESIGN D3, docs/decisions/0002-ledger.md). Every function takes the caller's transaction
 * (a Kysely<Database>: a Transaction is one) unless noted; money changes happen in one transaction.
 */

export type { Currency } from '@/modules/ledger/ledger-ids.ts';
export type MemberAccountRef =
  | { memberId: string; kind: 'cash' | 'bonus' }
  | { memberId: string; kind: 'game'; provider: string };
export type HouseAccountRef =
  | { house: Exclude<HouseAccountKind, 'provider_float'> }
  | { house: 'provider_float'; provider: string };
export type AccountRef = MemberAccountRef | HouseAccountRef;
export type TransferKind = LedgerTransferKind;
export type TransferStatus = 'pending' | 'posted' | 'voided';

export type TransferRow = {
  id: string;
  memberId: string | null;
  debitAccountId: string;
  creditAccountId: string;
  amountMinor: bigint;
  currency: Currency;
  kind: TransferKind;
  status: TransferStatus;
  idempotencyKey: string | null;
  externalRef: string | null;
  groupId: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: Date;
  settledAt: Date | null;
};

export type CreateTransferInput = {
  memberId: string | null;
  debit: AccountRef;
  credit: AccountRef;
  amountMinor: bigint;
  currency: Currency;
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

type Db = Kysely<Database>;
type TransferDbRow = Omit<Selectable<LedgerTransfersTable>, 'amount'> & { amount: string };

const isMemberRef = (ref: AccountRef): ref is MemberAccountRef => 'memberId' in ref;

export function accountIdOf(ref: AccountRef, currency: Currency): string {
  if (isMemberRef(ref))
    return memberAccountId(ref.memberId, ref.kind, ref.kind === 'game' ? ref.provider : null);
  return houseAccountId(ref.house, currency, ref.house === 'provider_float' ? ref.provider : null);
}

const transferColumns = [
  'id',
  'member_id',
  'debit_account_id',
  'credit_account_id',
  'currency',
  'kind',
  'status',
  'idempotency_key',
  'external_ref',
  'group_id',
  'metadata',
  'created_at',
  'settled_at',
] as const;

function toTransfer(row: TransferDbRow): TransferRow {
  return {
    id: row.id,
    memberId: row.member_id,
    debitAccountId: row.debit_account_id,
    creditAccountId: row.credit_account_id,
    amountMinor: BigInt(row.amount),
    currency: row.currency,
    kind: row.kind,
    status: row.status,
    idempotencyKey: row.idempotency_key,
    externalRef: row.external_ref,
    groupId: row.group_id,
    metadata: row.metadata,
    createdAt: row.created_at,
    settledAt: row.settled_at,
  };
}

function selectTransfers(db: Db) {
  return db
    .selectFrom('ledger_transfers')
    .select(transferColumns)
    .select(sql<string>`amount::text`.as('amount'));
}

export async function getTransfer(db: Db, transferId: string): Promise<TransferRow | undefined> {
  const row = await selectTransfers(db).where('id', '=', transferId).executeTakeFirst();
  return row ? toTransfer(row) : undefined;
}

export async function findTransferByIdempotencyKey(
  db: Db,
  memberId: string,
  idempotencyKey: string,
): Promise<TransferRow | undefined> {
  const row = await selectTransfers(db)
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row ? toTransfer(row) : undefined;
}

async function ensureAccount(
  trx: Db,
  id: string,
  memberId: string,
  kind: 'cash' | 'bonus' | 'game',
  provider: string | null,
  currency: Currency,
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
  trx: Db,
  memberId: string,
  currency: Currency,
  now = new Date(),
): Promise<void> {
  for (const kind of ['cash', 'bonus'] as const)
    await ensureAccount(trx, memberAccountId(memberId, kind), memberId, kind, null, currency, now);
}

/** The member's account for one game provider; idempotent. */
export async function ensureGameAccount(
  trx: Db,
  memberId: string,
  provider: string,
  currency: Currency,
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

type BalanceChange = {
  accountId: string;
  balance: bigint;
  reserved: bigint;
  /** Zero rows updated is fine: the side is a house account. */
  isHouseAllowed?: boolean;
};

/**
 * Applies member-account changes in a fixed order (by id), so two transfers of one member in opposite directions
 * cannot deadlock. A debit is conditional on the available funds; zero rows updated means MONEY_NOT_ENOUGH.
 */
async function applyChanges(trx: Db, currency: Currency, changes: BalanceChange[]) {
  const sorted = [...changes].sort((a, b) => (a.accountId < b.accountId ? -1 : 1));
  for (const change of sorted) {
    // A reservation (reserved > 0 with no balance change) or a posted debit needs available funds.
    const need =
      change.balance < 0n && change.reserved === 0n
        ? -change.balance
        : change.reserved > 0n
          ? change.reserved
          : 0n;
    let query = trx
      .updateTable('ledger_accounts')
      .set({
        balance: sql`balance + ${change.balance.toString()}::bigint`,
        reserved: sql`reserved + ${change.reserved.toString()}::bigint`,
        version: sql`version + 1`,
      })
      .where('id', '=', change.accountId)
      .where('currency', '=', currency)
      .where('member_id', 'is not', null);
    if (need > 0n)
      query = query.where(sql<boolean>`balance - reserved >= ${need.toString()}::bigint`);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      if (change.isHouseAllowed) continue;
      if (need > 0n) throw new AppError('MONEY_NOT_ENOUGH');
      throw new Error(`ledger account ${change.accountId} (${currency}) does not exist`);
    }
  }
}

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
 * caller's transaction rolls back, freeing the key).
 */
export async function createTransfer(
  trx: Db,
  input: CreateTransferInput,
): Promise<{ transfer: TransferRow; isReplay: boolean }> {
  if (input.amountMinor <= 0n) throw new Error('a transfer amount must be positive');
  const debitId = accountIdOf(input.debit, input.currency);
  const creditId = accountIdOf(input.credit, input.currency);
  if (debitId === creditId) throw new Error('a transfer needs two different accounts');
  const now = input.now ?? new Date();
  const id = input.id ?? randomUUID();

  const inserted = await trx
    .insertInto('ledger_transfers')
    .values({
      id,
      member_id: input.memberId,
      debit_account_id: debitId,
      credit_account_id: creditId,
      amount: input.amountMinor.toString(),
      currency: input.currency,
      kind: input.kind,
      status: input.status,
      idempotency_key: input.idempotencyKey ?? null,
      external_ref: input.externalRef ?? null,
      group_id: input.groupId ?? null,
      metadata: input.metadata ? sql<string>`${JSON.stringify(input.metadata)}::jsonb` : null,
      created_at: now,
      settled_at: input.status === 'posted' ? now : null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();

  if (!inserted) {
    let existing: TransferRow | undefined;
    if (input.idempotencyKey !== undefined && input.memberId !== null)
      existing = await findTransferByIdempotencyKey(trx, input.memberId, input.idempotencyKey);
    if (!existing && input.externalRef !== undefined) {
      const row = await selectTransfers(trx)
        .where('kind', '=', input.kind)
        .where('external_ref', '=', input.externalRef)
        .executeTakeFirst();
      existing = row ? toTransfer(row) : undefined;
    }
    if (!existing) throw new Error(`transfer ${id} conflicted with an unknown row`);
    if (!sameRequest(existing, input, debitId, creditId))
      throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return { transfer: existing, isReplay: true };
  }

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
  await applyChanges(trx, input.currency, changes);

  const transfer = await getTransfer(trx, id);
  if (!transfer) throw new Error(`transfer ${id} vanished`);
  return { transfer, isReplay: false };
}

async function settle(
  trx: Db,
  transferId: string,
  to: 'posted' | 'voided',
  now: Date,
): Promise<TransferRow> {
  const updated = await trx
    .updateTable('ledger_transfers')
    .set({ status: to, settled_at: now })
    .where('id', '=', transferId)
    .where('status', '=', 'pending')
    .returning(['id', 'debit_account_id', 'credit_account_id', 'currency'])
    .returning(sql<string>`amount::text`.as('amount'))
    .executeTakeFirst();
  if (!updated) {
    const current = await getTransfer(trx, transferId);
    if (!current) throw new Error(`transfer ${transferId} does not exist`);
    if (current.status === to) return current;
    throw new Error(`transfer ${transferId} is ${current.status}, cannot become ${to}`);
  }
  const a = BigInt(updated.amount);
  // Only member accounts carry balances: an update that finds no member row is a house side (it exists: foreign key).
  const changes: BalanceChange[] = [
    {
      accountId: updated.debit_account_id,
      balance: to === 'posted' ? -a : 0n,
      reserved: -a,
      isHouseAllowed: true,
    },
  ];
  if (to === 'posted')
    changes.push({
      accountId: updated.credit_account_id,
      balance: a,
      reserved: 0n,
      isHouseAllowed: true,
    });
  await applyChanges(trx, updated.currency, changes);
  const transfer = await getTransfer(trx, transferId);
  if (!transfer) throw new Error(`transfer ${transferId} vanished`);
  return transfer;
}

/** pending → posted (moves the balances, clears the reservation); posted is a no-op; voided throws. */
export function postTransfer(trx: Db, transferId: string, now = new Date()): Promise<TransferRow> {
  return settle(trx, transferId, 'posted', now);
}

/** pending → voided (clears the reservation: the money is back); voided is a no-op; posted throws. */
export function voidTransfer(trx: Db, transferId: string, now = new Date()): Promise<TransferRow> {
  return settle(trx, transferId, 'voided', now);
}

export type MemberBalances = { cash: bigint; bonus: bigint; games: Record<string, bigint> };

/** Available funds (balance - reserved) of each of the member's accounts. Works on the db or a trx. */
export async function getMemberBalances(db: Db, memberId: string): Promise<MemberBalances> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', 'provider'])
    .select(sql<string>`(balance - reserved)::text`.as('available'))
    .where('member_id', '=', memberId)
    .execute();
  const result: MemberBalances = { cash: 0n, bonus: 0n, games: {} };
  for (const row of rows) {
    const available = BigInt(row.available);
    if (row.kind === 'cash') result.cash = available;
    else if (row.kind === 'bonus') result.bonus = available;
    else if (row.kind === 'game' && row.provider) result.games[row.provider] = available;
  }
  return result;
}

/** Pending transfers of the given kinds created before `olderThan`, oldest first (for reconciliation). */
export async function listPendingTransfers(
  db: Db,
  options: { kinds: TransferKind[]; olderThan: Date; limit?: number },
): Promise<TransferRow[]> {
  if (options.kinds.length === 0) return [];
  const rows = await selectTransfers(db)
    .where('status', '=', 'pending')
    .where('kind', 'in', options.kinds)
    .where('created_at', '<', options.olderThan)
    .orderBy('created_at')
    .limit(options.limit ?? 500)
    .execute();
  return rows.map(toTransfer);
}

/** Invariant 1: per currency, member balances plus derived house balances sum to zero. Not for hot paths. */
export async function checkInvariants(db: Db): Promise<{ currency: Currency; sum: bigint }[]> {
  const result = await sql<{ currency: Currency; sum: string }>`
    select c.currency, (coalesce(m.s, 0) + coalesce(h.s, 0))::text as sum
    from (values ('THB'), ('LAK')) as c (currency)
    left join (
      select currency, sum(balance) as s from ledger_accounts where member_id is not null group by currency
    ) m on m.currency = c.currency
    left join (
      select t.currency,
        sum((case when ca.member_id is null then t.amount else 0 end)
          - (case when da.member_id is null then t.amount else 0 end)) as s
      from ledger_transfers t
      join ledger_accounts ca on ca.id = t.credit_account_id
      join ledger_accounts da on da.id = t.debit_account_id
      where t.status = 'posted'
      group by t.currency
    ) h on h.currency = c.currency
    order by c.currency`.execute(db);
  const byCurrency = new Map(result.rows.map((r) => [r.currency, BigInt(r.sum)]));
  return CURRENCIES.map((currency) => ({ currency, sum: byCurrency.get(currency) ?? 0n }));
}

export type AccountMismatch = {
  accountId: string;
  balance: bigint;
  derivedBalance: bigint;
  reserved: bigint;
  pendingDebits: bigint;
};

/**
 * Invariant 2: every member account whose balance differs from its posted log, or whose reservation differs from its
 * pending debits (optionally for one member). Empty when the ledger is consistent. Not for hot paths.
 */
export async function findAccountMismatches(db: Db, memberId?: string): Promise<AccountMismatch[]> {
  const result = await sql<{
    id: string;
    balance: string;
    derived: string;
    reserved: string;
    pending: string;
  }>`
    select a.id, a.balance::text as balance, a.reserved::text as reserved,
      (coalesce((select sum(amount) from ledger_transfers where credit_account_id = a.id and status = 'posted'), 0)
        - coalesce((select sum(amount) from ledger_transfers where debit_account_id = a.id and status = 'posted'), 0))::text as derived,
      coalesce((select sum(amount) from ledger_transfers where debit_account_id = a.id and status = 'pending'), 0)::text as pending
    from ledger_accounts a
    where a.member_id is not null ${memberId ? sql`and a.member_id = ${memberId}` : sql``}`.execute(
    db,
  );
  return result.rows
    .map((r) => ({
      accountId: r.id,
      balance: BigInt(r.balance),
      derivedBalance: BigInt(r.derived),
      reserved: BigInt(r.reserved),
      pendingDebits: BigInt(r.pending),
    }))
    .filter((r) => r.balance !== r.derivedBalance || r.reserved !== r.pendingDebits);
}

/** A house account's balance, derived from the posted log. */
export async function getHouseBalance(
  db: Db,
  ref: HouseAccountRef,
  currency: Currency,
): Promise<bigint> {
  const id = accountIdOf(ref, currency);
  const result = await sql<{ s: string }>`
    select (coalesce((select sum(amount) from ledger_transfers where credit_account_id = ${id} and status = 'posted'), 0)
      - coalesce((select sum(amount) from ledger_transfers where debit_account_id = ${id} and status = 'posted'), 0))::text as s`.execute(
    db,
  );
  return BigInt(result.rows[0]?.s ?? '0');
}
