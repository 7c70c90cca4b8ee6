/**
 * Bench-only bulk seeding (`npm run bench:scale`): members with their payout account, their cash and bonus ledger
 * accounts and a history of posted deposits, in multi-row statements of a few thousand members each (one JSON
 * parameter per table), so 100,000 members take minutes, not hours. The rows are the ones registration and a deposit
 * write (same columns, the ledger's own account ids, balances equal to the sum of the posted transfers), so the ledger
 * audit holds afterwards.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@/db/schema.ts';
import { houseAccountId, memberAccountId } from '@/modules/ledger/ledger-ids.ts';

export const DEPOSITS_PER_MEMBER = 4;
const DEPOSIT_MINOR = 250_00n;
const CHUNK = 2_000;
const DAY_MS = 86_400_000;

export const seededPhone = (i: number) => `08${String(i).padStart(8, '0')}`;

async function insertJson(db: Kysely<Database>, table: string, columns: string, rows: unknown[]) {
  const names = columns
    .split(',')
    .map((c) => c.trim().split(' ')[0])
    .join(', ');
  await sql`insert into ${sql.table(table)} (${sql.raw(names)})
    select ${sql.raw(names)} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${sql.raw(columns)})`.execute(
    db,
  );
}

/** Members number `from` to `to - 1` (their phones are seededPhone(i)), all with one password hash. */
export async function seedMembers(
  db: Kysely<Database>,
  range: { from: number; to: number },
  passwordHash: string,
  now: Date,
): Promise<void> {
  const bankIn = houseAccountId('bank_in', 'THB');
  for (let start = range.from; start < range.to; start += CHUNK) {
    const end = Math.min(range.to, start + CHUNK);
    const members = [];
    const banks = [];
    const accounts = [];
    const transfers = [];
    for (let i = start; i < end; i += 1) {
      const id = randomUUID();
      const created = new Date(now.getTime() - 30 * DAY_MS).toISOString();
      members.push({
        id,
        public_id: `S${i.toString(36).toUpperCase().padStart(8, '0')}`,
        phone: seededPhone(i),
        name: `Scale ${i}`,
        password_hash: passwordHash,
        currency: 'BAHT',
        status: 'active',
        created_at: created,
        updated_at: created,
      });
      banks.push({
        id: randomUUID(),
        member_id: id,
        bank_code: 'KBANK',
        account_name: `SCALE ${i}`,
        account_no: String(8_000_000_000 + i),
        created_at: created,
        updated_at: created,
      });
      const cash = memberAccountId(id, 'cash');
      accounts.push(
        {
          id: cash,
          member_id: id,
          kind: 'cash',
          balance: String(DEPOSIT_MINOR * BigInt(DEPOSITS_PER_MEMBER)),
        },
        { id: memberAccountId(id, 'bonus'), member_id: id, kind: 'bonus', balance: '0' },
      );
      for (let d = 0; d < DEPOSITS_PER_MEMBER; d += 1) {
        const at = new Date(now.getTime() - (d * 7 + 1) * DAY_MS).toISOString();
        transfers.push({
          id: randomUUID(),
          member_id: id,
          debit_account_id: bankIn,
          credit_account_id: cash,
          amount: String(DEPOSIT_MINOR),
          external_ref: `scale-${id}-${d}`,
          created_at: at,
        });
      }
    }
    await insertJson(
      db,
      'members',
      'id uuid, public_id text, phone text, name text, password_hash text, currency text, status text, created_at timestamptz, updated_at timestamptz',
      members,
    );
    await insertJson(
      db,
      'member_bank_accounts',
      'id uuid, member_id uuid, bank_code text, account_name text, account_no text, created_at timestamptz, updated_at timestamptz',
      banks,
    );
    await sql`insert into ledger_accounts (id, member_id, kind, provider, currency, balance, created_at)
      select id, member_id, kind, null, 'THB', balance, ${now}
      from jsonb_to_recordset(${JSON.stringify(accounts)}::jsonb)
        as x(id uuid, member_id uuid, kind text, balance bigint)`.execute(db);
    await sql`insert into ledger_transfers (id, member_id, debit_account_id, credit_account_id, amount, currency, kind,
        status, idempotency_key, external_ref, group_id, metadata, created_at, settled_at)
      select id, member_id, debit_account_id, credit_account_id, amount, 'THB', 'deposit', 'posted', null,
        external_ref, null, null, created_at, created_at
      from jsonb_to_recordset(${JSON.stringify(transfers)}::jsonb)
        as x(id uuid, member_id uuid, debit_account_id uuid, credit_account_id uuid, amount bigint,
          external_ref text, created_at timestamptz)`.execute(db);
  }
}
