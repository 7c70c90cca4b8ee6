import type { Transaction } from 'kysely';
import type { Db } from '@/db/database.ts';
import type { Database } from '@/db/schema.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';

type Named = { id: string; username: string } | null;
export type SignInStep = 'password' | 'second_factor';

/**
 * A failed sign-in try, and the lock it set at its address (docs/back-office/sign-in.md). The tried name is kept only
 * when it names an operator (a name that is not one may be a password typed in the wrong field); never a password or
 * code. At most as many records as the sign-in budgets let tries through.
 */
export function auditSignInFailure(
  db: Db,
  input: {
    operator: Named;
    ip: string | null;
    step: SignInStep;
    isLocking: boolean;
    lockMs: number;
  },
  at: Date,
) {
  const { operator, ip, step } = input;
  const actor = { operatorId: null, operatorName: operator?.username ?? '(unknown name)', ip };
  const target = { targetType: 'operator', targetId: operator?.id ?? null };
  return db.withTransaction(async (trx) => {
    await recordAudit(
      trx,
      actor,
      { action: 'operator.sign_in_failed', ...target, after: { step, isKnownName: !!operator } },
      at,
    );
    if (input.isLocking)
      await recordAudit(
        trx,
        actor,
        {
          action: 'operator.locked',
          ...target,
          after: { ip, lockedUntil: new Date(at.getTime() + input.lockMs) },
        },
        at,
      );
  });
}

/** A re-authentication, right or wrong (the session's operator is the actor); `sessionEnded` when it was the last wrong one. */
export function auditReauth(
  trx: Transaction<Database>,
  input: {
    operator: { id: string; username: string };
    ip: string | null;
    failedStep: SignInStep | null;
    isSessionEnded?: boolean;
  },
  at: Date,
) {
  const { operator, failedStep } = input;
  return recordAudit(
    trx,
    { operatorId: operator.id, operatorName: operator.username, ip: input.ip },
    {
      action: failedStep ? 'operator.reauth_failed' : 'operator.reauthenticated',
      targetType: 'operator',
      targetId: operator.id,
      ...(failedStep ? { after: { step: failedStep, sessionEnded: !!input.isSessionEnded } } : {}),
    },
    at,
  );
}
