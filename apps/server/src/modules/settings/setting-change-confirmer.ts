import type { Kysely } from 'kysely';
import type { Permission } from '@mekong/contracts/admin/admin-contract';
import type { MessageCode } from '@mekong/contracts/messages';
import { adminCreateOperatorAccountContract } from '@mekong/contracts/admin/settings-catalogue';
import { settingSaves } from '@mekong/contracts/admin/settings';
import type { SettingChangeSubject } from '@mekong/contracts/admin/setting-changes';
import type { Database } from '@/db/schema.ts';
import { AppError } from '@/lib/app-error.ts';
import { assertIndependentApprover } from '@/modules/operators/index.ts';
import type { OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import type { SettingChangeRow } from '@/modules/settings/setting-changes.repository.ts';

/** The permission that saves what a change is about: the same one its save call needs. */
export function permissionOfSubject(subject: SettingChangeSubject): Permission {
  return subject === 'operatorAccount'
    ? (adminCreateOperatorAccountContract.permission as Permission)
    : settingSaves[subject].permission;
}

/**
 * THE rule of who may be the second operator of a waiting setting change (docs/back-office/settings.md): someone with
 * the permission to save what it changes, and independent of its requester (not them, nor an account they created,
 * reset or unlocked lately: docs/back-office/operators.md#independent-approver). Answers the message code that refuses this operator,
 * or null. The confirmation (in its transaction, `db` being that transaction) and the list's `canConfirm` both ask it,
 * so a rule added here holds for both.
 */
export async function confirmRefusal(
  db: Kysely<Database>,
  change: Pick<SettingChangeRow, 'subject' | 'requested_by'>,
  operator: OperatorContext,
  now: Date,
): Promise<MessageCode | null> {
  if (!operator.permissions.includes(permissionOfSubject(change.subject as SettingChangeSubject)))
    return 'OPERATOR_FORBIDDEN';
  try {
    await assertIndependentApprover(db, change.requested_by, operator.operatorId, now);
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return null;
}
