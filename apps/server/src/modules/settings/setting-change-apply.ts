import {
  operatorAccountBodySchema,
  type OperatorAccount,
} from '@mekong/contracts/admin/settings-catalogue';
import { settingSaves } from '@mekong/contracts/admin/settings';
import type { GuardedSettingKey } from '@mekong/contracts/admin/setting-changes';
import type { Trx } from '@/db/database.ts';
import { AppError } from '@/lib/app-error.ts';
import { recordAudit, type Actor } from '@/modules/audit/audit.service.ts';
import {
  hasSameAccount,
  insertOperatorAccount,
  lockOperatorAccount,
  updateOperatorAccount,
} from '@/modules/lookup/operator-accounts.repository.ts';
import { checkedAdminAccess } from '@/modules/settings/admin-access-check.ts';
import { accountFieldsOf, toOperatorAccount } from '@/modules/settings/operator-account-fields.ts';
import type { SettingChangeRow } from '@/modules/settings/setting-changes.repository.ts';
import { findSettingForUpdate, saveSetting } from '@/modules/settings/settings.repository.ts';
import type { SettingValue } from '@/modules/settings/settings.schema.ts';

/** Who applies a change: the confirming operator, or the server once the delay has passed (the requester's address). */
export type Applier = { actor: Actor; ip: string | null };

/**
 * Puts a waiting change in effect in the caller's transaction, checked again as it is now (the value against its
 * contract, the allowlist against whoever applies it, an account against the accounts there now), and writes its
 * `setting.applied` record with the value before and after. A check that no longer holds throws its AppError.
 */
export async function applySettingChange(
  trx: Trx,
  change: SettingChangeRow,
  applier: Applier,
  now: Date,
): Promise<void> {
  if (change.subject === 'operatorAccount') {
    const { before, after } = await applyAccount(trx, change, now);
    await recordAudit(
      trx,
      applier.actor,
      {
        action: 'setting.applied',
        targetType: 'operator_account',
        targetId: change.account_id,
        before,
        after,
      },
      now,
    );
    return;
  }
  const key = change.subject as GuardedSettingKey;
  const parsed = settingSaves[key].body.safeParse(change.value);
  if (!parsed.success) throw new AppError('INVALID_REQUEST');
  let value = parsed.data as SettingValue<typeof key>;
  if (key === 'adminAccess')
    value = checkedAdminAccess(value as SettingValue<'adminAccess'>, applier.ip);
  const before = await findSettingForUpdate(trx, key);
  await saveSetting(trx, key, value, now);
  await recordAudit(
    trx,
    applier.actor,
    { action: 'setting.applied', targetType: 'setting', targetId: key, before, after: value },
    now,
  );
}

async function applyAccount(
  trx: Trx,
  change: SettingChangeRow,
  now: Date,
): Promise<{ before: OperatorAccount | null; after: OperatorAccount }> {
  const id = change.account_id!;
  const body = operatorAccountBodySchema.safeParse(change.value);
  if (!body.success) throw new AppError('OPERATOR_ACCOUNT_INVALID');
  const fields = await accountFieldsOf(trx, body.data);
  const existing = await lockOperatorAccount(trx, id);
  if (await hasSameAccount(trx, fields, id)) throw new AppError('OPERATOR_ACCOUNT_EXISTS');
  if (change.before === null) {
    if (existing) throw new AppError('OPERATOR_ACCOUNT_EXISTS');
    const row = await insertOperatorAccount(trx, { ...fields, id, created_at: now });
    return { before: null, after: toOperatorAccount(row) };
  }
  if (!existing) throw new AppError('ITEM_NOT_FOUND');
  const row = await updateOperatorAccount(trx, id, fields);
  return { before: toOperatorAccount(existing), after: toOperatorAccount(row) };
}
