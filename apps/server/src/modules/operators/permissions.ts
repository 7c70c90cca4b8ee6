import {
  permissionSchema,
  type Permission,
  type Role,
} from '@mekong/contracts/admin/admin-contract';

/**
 * The one permission matrix of the back office (docs/decisions/0014-back-office.md#roles). The auditor reads everything
 * and changes nothing; only the owner manages operators and system switches.
 */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  // The owner may do everything there is.
  owner: permissionSchema.options,
  finance: [
    'queues.read',
    'withdrawals.decide',
    'deposits.decide',
    'members.read',
    'members.adjust',
    'settings.read',
    'settings.money',
    'reports.read',
  ],
  support: [
    'queues.read',
    'members.read',
    'members.manage',
    'settings.read',
    'chat.read',
    'chat.answer',
  ],
  marketing: [
    'members.read',
    'settings.read',
    'settings.promotions',
    'settings.content',
    'reports.read',
  ],
  auditor: [
    'queues.read',
    'members.read',
    'settings.read',
    'reports.read',
    'audit.read',
    'chat.read',
  ],
};

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * Money duties: deciding deposits or withdrawals, or adjusting a member's money. Only operators with one see members'
 * full bank account numbers; the others (support, marketing, auditor) see the last 4 digits (issue 27).
 */
export function hasMoneyDuties(permissions: readonly Permission[]): boolean {
  return (
    permissions.includes('withdrawals.decide') ||
    permissions.includes('deposits.decide') ||
    permissions.includes('members.adjust')
  );
}
