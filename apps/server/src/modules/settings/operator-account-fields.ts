import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  OperatorAccount,
  operatorAccountBodySchema,
} from '@mekong/contracts/admin/settings-catalogue';
import type { Database } from '@/db/schema.ts';
import { AppError } from '@/lib/app-error.ts';
import {
  isKnownBank,
  type OperatorAccountFields,
  type OperatorAccountRow,
} from '@/modules/lookup/operator-accounts.repository.ts';

export type AccountBody = z.output<typeof operatorAccountBodySchema>;

export function toOperatorAccount(row: OperatorAccountRow): OperatorAccount {
  return {
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    bankType: row.bank_type,
    mode: row.mode,
    accountName: row.account_name,
    accountNo: row.account_no,
    currency: row.currency,
    isEnabled: row.is_enabled,
    sortOrder: row.sort_order,
  };
}

/** An account body as its row's fields; a bank account's channel must be a bank of the bank list. */
export async function accountFieldsOf(
  db: Kysely<Database>,
  body: AccountBody,
): Promise<OperatorAccountFields> {
  const channel = body.kind === 'bank' ? body.channel.toUpperCase() : body.channel;
  if (body.kind === 'bank' && !(await isKnownBank(db, channel)))
    throw new AppError('OPERATOR_ACCOUNT_INVALID');
  return {
    kind: body.kind,
    channel,
    bank_type: body.bankType,
    mode: body.mode,
    account_name: body.accountName,
    account_no: body.accountNo,
    currency: body.currency,
    is_enabled: body.isEnabled,
  };
}

/** The body of an account as its fields (what a waiting change keeps and shows). */
export function accountBodyOf(fields: OperatorAccountFields): AccountBody {
  return {
    kind: fields.kind,
    channel: fields.channel,
    bankType: fields.bank_type,
    mode: fields.mode,
    accountName: fields.account_name,
    accountNo: fields.account_no,
    currency: fields.currency,
    isEnabled: fields.is_enabled,
  };
}
