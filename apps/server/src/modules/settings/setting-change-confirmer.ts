import type { Kysely } from 'kysely';
import type { Permission } from '@mekong/contracts/admin/admin-contract';
import type { MessageCode } from '@mekong/contracts/messages';
import { adminCreateOperatorAccountContract } from '@mekong/contracts/admin/settings-catalogue';
import { settingSaves } from '@mekong/contracts/admin/settings';
import type { SettingChangeSubject } from '@mekong/contracts/admin/setting-changes';
import type { Database } from '@/db/schema.ts';
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
 * the permission to save what it changes, and not its requester. Answers the message code that refuses this operator,
 * or null. The confirmation (in its transaction, `db` being that transaction) and the list's `canConfirm` both ask it,
 * so a rule added here holds for both.
 */
export async function confirmRefusal(
  _db: Kysely<Database>,
  change: Pick<SettingChangeRow, 'subject' | 'requested_by'>,
  operator: OperatorContext,
): Promise<MessageCode | null> {
  if (!operator.permissions.includes(permissionOfSubject(change.subject as SettingChangeSubject)))
    return 'OPERATOR_FORBIDDEN';
  if (change.requested_by === operator.operatorId) return 'SELF_APPROVAL';
  return null;
}
