import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import type { OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import * as repo from '@/modules/operators/operator.repository.ts';
import { assertOwnPassword } from '@/modules/operators/operator-password-step.ts';
import { auditReauth } from '@/modules/operators/operator-sign-in-audit.ts';
import { checked, type OperatorSignInGuard } from '@/modules/operators/operator-sign-in-guard.ts';

/** A re-authentication is good for five minutes of money decisions. */
export const REAUTH_MS = 5 * 60_000;

type Tools = {
  deps: Pick<AppDeps, 'db' | 'clock' | 'operatorPasswords' | 'sessionEnds'>;
  guard: OperatorSignInGuard;
  isSecondFactorRight(
    operator: { id: string; totp_secret: string | null },
    code: string,
  ): Promise<boolean>;
};

/**
 * The password and a fresh code again, from a signed-in session: no sign-in limit or lock applies (only the session's
 * holder can try), but the session has five wrong tries and the last ends it; every try is audited
 * (docs/back-office/sign-in.md#re-authentication).
 */
export async function reauthenticate(
  { deps, guard, isSecondFactorRight }: Tools,
  context: OperatorContext,
  password: string,
  code: string,
) {
  const { db, clock, operatorPasswords: passwords, sessionEnds } = deps;
  const operator = await repo.findOperatorById(db.kysely, context.operatorId);
  if (!operator || operator.status !== 'active') throw new AppError('UNAUTHORIZED');
  assertOwnPassword(operator);
  const attempt = await guard.admitReauth(context.sessionId, clock.now().getTime());
  if (attempt.isSpent) throw new AppError('UNAUTHORIZED');
  const failedStep = await checked(attempt, async () => {
    if (!(await passwords.verify(operator.password_hash, password))) return 'password' as const;
    if (!(await isSecondFactorRight(operator, code))) return 'second_factor' as const;
    return null;
  });
  const now = clock.now();
  const audit = { operator, ip: context.ip, failedStep };
  if (failedStep) {
    const isSessionEnded = await attempt.failed();
    await db.withTransaction(async (trx) => {
      if (isSessionEnded) await repo.revokeOperatorSession(trx, context.sessionId, now);
      await auditReauth(trx, { ...audit, isSessionEnded }, now);
    });
    if (isSessionEnded) {
      sessionEnds.ended('operator', [context.sessionId]);
      throw new AppError('UNAUTHORIZED');
    }
    throw new AppError(
      failedStep === 'password' ? 'OPERATOR_SIGN_IN_FAILED' : 'OPERATOR_TOTP_INVALID',
    );
  }
  await attempt.release();
  await db.withTransaction(async (trx) => {
    await repo.markReauthenticated(trx, context.sessionId, now);
    await auditReauth(trx, audit, now);
  });
  return { validUntil: new Date(now.getTime() + REAUTH_MS).toISOString() };
}
