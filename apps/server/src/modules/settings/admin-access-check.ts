import { AppError } from '@/lib/app-error.ts';
import { isAllowedIp, isValidAllowlistEntry } from '@/modules/operators/ip-allowlist.ts';
import type { SettingValue } from '@/modules/settings/settings.schema.ts';

/**
 * The back-office access as it will be stored: entries trimmed, each an address or range, and never a list that shuts
 * out `ip`, the operator saving it or applying it (who might be the last owner able to undo it).
 */
export function checkedAdminAccess(
  access: SettingValue<'adminAccess'>,
  ip: string | null,
): SettingValue<'adminAccess'> {
  const ipAllowlist = [...new Set(access.ipAllowlist.map((e) => e.trim()).filter((e) => e !== ''))];
  if (!ipAllowlist.every(isValidAllowlistEntry)) throw new AppError('SETTING_ALLOWLIST_INVALID');
  if (!isAllowedIp(ipAllowlist, ip)) throw new AppError('SETTING_ALLOWLIST_SELF_LOCKOUT');
  return { ...access, ipAllowlist };
}
