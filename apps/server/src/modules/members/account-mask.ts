import type { OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import { hasMoneyDuties } from '@/modules/operators/permissions.ts';

/**
 * An operator without money duties sees a bank account number's last 4 digits only (issue 27): every earlier digit
 * becomes a dot; separators and a verifier's own masking (`xxx-x-x6789-x`) stay as they are.
 */
export function maskAccountNo(accountNo: string): string {
  let kept = 0;
  const chars = [...accountNo];
  for (let i = chars.length - 1; i >= 0; i -= 1) {
    if (!/\d/.test(chars[i] ?? '')) continue;
    if (kept < 4) kept += 1;
    else chars[i] = '•';
  }
  return chars.join('');
}

export type AccountNoView = <T extends string | null | undefined>(accountNo: T) => T;

/**
 * How this operator sees members' bank account numbers in every back-office answer
 * (docs/back-office/members.md#bank-account-numbers): whole with money duties, else masked.
 */
export function accountNoFor(operator: Pick<OperatorContext, 'permissions'>): AccountNoView {
  if (hasMoneyDuties(operator.permissions)) return (accountNo) => accountNo;
  return <T extends string | null | undefined>(accountNo: T) =>
    (typeof accountNo === 'string' ? maskAccountNo(accountNo) : accountNo) as T;
}
