import { isEnglishName, requiresEnglishName } from '@mekong/contracts/fields';

/**
 * Spec §4 "Name edit": a member registered at KTB, TMB or BBL whose account name is not English letters and
 * spaces must fix the name before copying a listed account number (those banks match deposits by English name).
 */
export function needsEnglishNameEdit(member: { bankCode: string; bankAccountName: string } | null | undefined): boolean {
  if (!member) return false;
  return requiresEnglishName(member.bankCode) && !isEnglishName(member.bankAccountName.trim());
}
