import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { hashToken } from '@/lib/secure-random.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import * as repo from '@/modules/operators/operator.repository.ts';

/**
 * The `password` step of sign-in (docs/back-office/operators.md#first-sign-in): a password someone else gave (a new
 * operator's, or one kept through a reset) only lets the operator choose their own. Until then it enrols nothing, opens
 * no session and re-authenticates nothing.
 */

type StepFacts = { must_set_password: boolean; totp_enrolled_at: Date | null };

/** What comes after a right password. */
export function nextStepOf(operator: StepFacts): 'password' | 'totp' | 'enrol' {
  if (operator.must_set_password) return 'password';
  return operator.totp_enrolled_at ? 'totp' : 'enrol';
}

/** Refuses every step but the choice of a password while the operator's password is someone else's. */
export function assertOwnPassword(operator: { must_set_password: boolean }): void {
  if (operator.must_set_password) throw new AppError('OPERATOR_PASSWORD_CHANGE_REQUIRED');
}

/** The live password step of a sign-in (a challenge token not used, revoked or expired) and its active operator. */
export async function liveChallenge(deps: Pick<AppDeps, 'db' | 'clock'>, token: string) {
  const session = await repo.findOperatorSession(deps.db.kysely, hashToken(token));
  if (
    !session ||
    session.stage !== 'challenge' ||
    session.revoked_at ||
    session.expires_at <= deps.clock.now()
  )
    throw new AppError('UNAUTHORIZED');
  const operator = await repo.findOperatorById(deps.db.kysely, session.operator_id);
  if (!operator || operator.status !== 'active') throw new AppError('UNAUTHORIZED');
  return { session, operator };
}

export function createOperatorPasswordStep(deps: AppDeps) {
  const { db, clock, operatorPasswords: passwords } = deps;

  return {
    /** Sets the operator's own password on a live challenge; the same challenge goes on to the code or enrolment. */
    async setOwnPassword(
      challengeToken: string,
      newPassword: string,
      client: { ip: string | null },
    ): Promise<{ next: 'totp' | 'enrol' }> {
      const now = clock.now();
      const { operator } = await liveChallenge(deps, challengeToken);
      if (!operator.must_set_password) throw new AppError('UNAUTHORIZED');
      if (await passwords.verify(operator.password_hash, newPassword))
        throw new AppError('OPERATOR_PASSWORD_UNCHANGED');
      const hash = await passwords.hash(newPassword);
      await db.withTransaction(async (trx) => {
        await repo.setOperatorPassword(trx, operator.id, hash, now);
        await recordAudit(
          trx,
          { operatorId: operator.id, operatorName: operator.username, ip: client.ip },
          { action: 'operator.password_set', targetType: 'operator', targetId: operator.id },
          now,
        );
      });
      return { next: operator.totp_enrolled_at ? 'totp' : 'enrol' };
    },
  };
}
