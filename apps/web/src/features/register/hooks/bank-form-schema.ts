import { bankAccountNoSchema, bankCodeSchema, currencySchema, isEnglishName, requiresEnglishName } from '@mekong/contracts/fields';
import type { Bank } from '@mekong/contracts/lookup';
import { z } from 'zod';

/** Account name = first + last name, trimmed, upper case (docs/spec.md §5). */
export function accountNameOf(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.trim().toUpperCase();
}

function needsEnglish(bankCode: string, banks: readonly Bank[]): boolean {
  return requiresEnglishName(bankCode) || banks.some((bank) => bank.code === bankCode && bank.isEnglishNameRequired);
}

/** The bank step's form: the shared field schemas plus the English-only rule of KTB, TMB and BBL. */
export function bankFormSchema(banks: readonly Bank[]) {
  const namePart = z.string().trim().min(1, { error: 'common.required' }).max(50, { error: 'NAME_TOO_LONG' });
  return z
    .object({
      bankCode: bankCodeSchema,
      firstName: namePart,
      lastName: namePart,
      bankAccountNo: bankAccountNoSchema,
      sourceCode: z.string(),
      inviteCode: z.string().trim().max(32, { error: 'INVITE_CODE_INVALID' }),
      currency: currencySchema,
    })
    .superRefine((values, ctx) => {
      if (!needsEnglish(values.bankCode, banks)) return;
      for (const field of ['firstName', 'lastName'] as const) {
        if (values[field] && !isEnglishName(values[field])) {
          ctx.addIssue({ code: 'custom', path: [field], message: 'register.englishOnly' });
        }
      }
    });
}


export { needsEnglish };
