import { randomUUID } from 'node:crypto';
import type { Permission, Role } from '@mekong/contracts/admin/admin-contract';
import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { hashToken, newSecretToken } from '@/lib/secure-random.ts';
import { recordAudit, type Actor } from '@/modules/audit/audit.service.ts';
import { isAllowedIp } from '@/modules/operators/ip-allowlist.ts';
import * as repo from '@/modules/operators/operator.repository.ts';
import {
  assertOwnPassword,
  createOperatorPasswordStep,
  liveChallenge,
  nextStepOf,
} from '@/modules/operators/operator-password-step.ts';
import { REAUTH_MS, reauthenticate } from '@/modules/operators/operator-reauth.ts';
import { auditSignInFailure, type SignInStep } from '@/modules/operators/operator-sign-in-audit.ts';
import {
  checked,
  createOperatorSignInGuard,
  LOCK_MS,
  type SignInTry,
} from '@/modules/operators/operator-sign-in-guard.ts';
import { ROLE_PERMISSIONS } from '@/modules/operators/permissions.ts';
import {
  enrolmentOf,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  totpStep,
} from '@/modules/operators/totp.ts';
import { findSettingCached } from '@/modules/settings/settings.repository.ts';

/** The password step is good for five minutes; then it starts again. */
export const CHALLENGE_MS = 5 * 60_000;
export const MIN_OPERATOR_PASSWORD = 12;
/** A session's last use is written at most this often. */
const TOUCH_EVERY_MS = 30_000;
/** An address the operator signed in from this recently is theirs (docs/back-office/sign-in.md). */
const FAMILIAR_MS = 30 * 24 * 3_600_000;

export type OperatorContext = {
  sessionId: string;
  operatorId: string;
  username: string;
  displayName: string;
  role: Role;
  permissions: Permission[];
  reauthAt: Date | null;
  ip: string | null;
};

export type ClientInfo = { ip: string | null; userAgent: string | null };

export function actorOf(operator: OperatorContext): Actor {
  return { operatorId: operator.operatorId, operatorName: operator.username, ip: operator.ip };
}

export function profileOf(operator: {
  id: string;
  username: string;
  display_name: string;
  role: Role;
}) {
  return {
    id: operator.id,
    username: operator.username,
    displayName: operator.display_name,
    role: operator.role,
    permissions: [...ROLE_PERMISSIONS[operator.role]],
  };
}

export function createOperatorAuthService(deps: AppDeps) {
  const { db, clock, counters, operatorPasswords: passwords, sessionEnds } = deps;
  const guard = createOperatorSignInGuard(counters, (username, ip) =>
    repo.hasSignedInFrom(db.kysely, username, ip, new Date(clock.now().getTime() - FAMILIAR_MS)),
  );
  const access = async () => (await findSettingCached(db.kysely, 'adminAccess'))!;

  async function assertIpAllowed(ip: string | null) {
    const { ipAllowlist } = await access();
    if (!isAllowedIp(ipAllowlist, ip)) throw new AppError('OPERATOR_IP_NOT_ALLOWED');
  }

  /**
   * A wrong password or code (or a name that is no operator): counted, audited, and answered alike for every name;
   * OPERATOR_LOCKED when this try locked the name at its address.
   */
  async function failTry(
    attempt: SignInTry,
    tried: { username: string; operator: { id: string; username: string } | null },
    client: ClientInfo,
    step: SignInStep,
  ): Promise<never> {
    const isLocking = await attempt.failed();
    const now = clock.now();
    // Shown to owners (who may unlock); the same statement whether the name exists or not.
    if (isLocking)
      await repo.markLockedSomewhere(db.kysely, tried.username, new Date(now.getTime() + LOCK_MS));
    await auditSignInFailure(
      db,
      { operator: tried.operator, ip: client.ip, step, isLocking, lockMs: LOCK_MS },
      now,
    );
    if (isLocking) throw new AppError('OPERATOR_LOCKED');
    throw new AppError(step === 'password' ? 'OPERATOR_SIGN_IN_FAILED' : 'OPERATOR_TOTP_INVALID');
  }

  async function challengeOf(token: string) {
    const { session, operator } = await liveChallenge(deps, token);
    assertOwnPassword(operator);
    return { session, operator };
  }

  /** Checks a six-digit code (once per time step) or an unused recovery code. */
  async function isSecondFactorRight(
    operator: { id: string; totp_secret: string | null },
    code: string,
  ): Promise<boolean> {
    const now = clock.now();
    if (/^\d{6}$/.test(code)) {
      if (!operator.totp_secret) return false;
      const step = await totpStep(operator.totp_secret, code, now);
      return step !== null && (await repo.useTotpStep(db.kysely, operator.id, step, now));
    }
    return repo.useRecoveryCode(db.kysely, operator.id, hashRecoveryCode(code), now);
  }

  async function openSession(operatorId: string, client: ClientInfo) {
    const now = clock.now();
    const { absoluteHours, idleMinutes } = await access();
    const token = newSecretToken();
    const expiresAt = new Date(now.getTime() + absoluteHours * 3_600_000);
    await repo.insertOperatorSession(db.kysely, {
      id: randomUUID(),
      operatorId,
      tokenHash: hashToken(token),
      stage: 'signed_in',
      now,
      expiresAt,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    return { token, idleMinutes, expiresAt: expiresAt.toISOString() };
  }

  async function finishSignIn(
    session: { id: string },
    operator: { id: string; username: string; display_name: string; role: Role },
    client: ClientInfo,
    action: string,
    attempt: SignInTry,
  ) {
    const now = clock.now();
    await attempt.signedIn();
    await repo.revokeOperatorSession(db.kysely, session.id, now);
    const opened = await openSession(operator.id, client);
    await db.withTransaction((trx) =>
      recordAudit(
        trx,
        { operatorId: operator.id, operatorName: operator.username, ip: client.ip },
        { action, targetType: 'operator', targetId: operator.id },
        now,
      ),
    );
    return { ...opened, operator: profileOf(operator) };
  }

  return {
    ...createOperatorPasswordStep(deps),

    async signIn(username: string, password: string, client: ClientInfo) {
      await assertIpAllowed(client.ip);
      const attempt = await guard.admit(username, client.ip, clock.now().getTime());
      const operator = await repo.findOperatorByUsername(db.kysely, username);
      const isActive = operator?.status === 'active';
      const isRight = await checked(attempt, async () =>
        operator && isActive
          ? passwords.verify(operator.password_hash, password)
          : (await passwords.verifyDummy(password), false),
      );
      if (!operator || !isActive || !isRight)
        return failTry(attempt, { username, operator: operator ?? null }, client, 'password');
      await attempt.release();
      const now = clock.now();
      const token = newSecretToken();
      const expiresAt = new Date(now.getTime() + CHALLENGE_MS);
      await repo.insertOperatorSession(db.kysely, {
        id: randomUUID(),
        operatorId: operator.id,
        tokenHash: hashToken(token),
        stage: 'challenge',
        now,
        expiresAt,
        ip: client.ip,
        userAgent: client.userAgent,
      });
      return {
        challengeToken: token,
        next: nextStepOf(operator),
        expiresAt: expiresAt.toISOString(),
      };
    },

    async startEnrolment(challengeToken: string) {
      const { operator } = await challengeOf(challengeToken);
      if (operator.totp_enrolled_at) throw new AppError('OPERATOR_ALREADY_ENROLLED');
      const secret = newTotpSecret();
      await repo.saveTotpSecret(db.kysely, operator.id, secret, clock.now());
      const brand = await findSettingCached(db.kysely, 'brand');
      return enrolmentOf(
        secret,
        `${brand?.name ?? 'Mekong Wallet'} back office`,
        operator.username,
      );
    },

    async confirmEnrolment(challengeToken: string, code: string, client: ClientInfo) {
      const { session, operator } = await challengeOf(challengeToken);
      if (operator.totp_enrolled_at) throw new AppError('OPERATOR_ALREADY_ENROLLED');
      if (!operator.totp_secret) throw new AppError('OPERATOR_ENROLMENT_REQUIRED');
      const attempt = await guard.admit(operator.username, client.ip, clock.now().getTime());
      const now = clock.now();
      const step = /^\d{6}$/.test(code) ? await totpStep(operator.totp_secret, code, now) : null;
      if (step === null)
        return failTry(attempt, { username: operator.username, operator }, client, 'second_factor');
      const codes = newRecoveryCodes();
      const isEnrolled = await db.withTransaction(async (trx) => {
        const marked = await repo.markEnrolled(trx, operator.id, step, now);
        if (marked.numUpdatedRows === 0n) return false;
        await repo.insertRecoveryCodes(
          trx,
          operator.id,
          codes.map((c) => ({ id: randomUUID(), codeHash: hashRecoveryCode(c) })),
        );
        return true;
      });
      if (!isEnrolled) {
        await attempt.release();
        throw new AppError('OPERATOR_ALREADY_ENROLLED');
      }
      const signedIn = await finishSignIn(session, operator, client, 'operator.enrolled', attempt);
      return { ...signedIn, recoveryCodes: codes };
    },

    async verifySecondFactor(challengeToken: string, code: string, client: ClientInfo) {
      const { session, operator } = await challengeOf(challengeToken);
      if (!operator.totp_enrolled_at) throw new AppError('OPERATOR_ENROLMENT_REQUIRED');
      const attempt = await guard.admit(operator.username, client.ip, clock.now().getTime());
      if (!(await checked(attempt, () => isSecondFactorRight(operator, code))))
        return failTry(attempt, { username: operator.username, operator }, client, 'second_factor');
      const signedIn = await finishSignIn(session, operator, client, 'operator.signed_in', attempt);
      return {
        ...signedIn,
        recoveryCodesLeft: await repo.countRecoveryCodesLeft(db.kysely, operator.id),
      };
    },

    /** The operator of a back-office call, or UNAUTHORIZED (no, ended, idle or revoked session; frozen operator). */
    async authenticate(token: string | undefined, ip: string | null): Promise<OperatorContext> {
      if (!token) throw new AppError('UNAUTHORIZED');
      const session = await repo.findOperatorSession(db.kysely, hashToken(token));
      const now = clock.now();
      const { idleMinutes, ipAllowlist } = await access();
      if (
        !session ||
        session.stage !== 'signed_in' ||
        session.revoked_at ||
        session.expires_at <= now ||
        session.status !== 'active' ||
        session.must_set_password ||
        session.last_used_at.getTime() + idleMinutes * 60_000 <= now.getTime()
      )
        throw new AppError('UNAUTHORIZED');
      if (!isAllowedIp(ipAllowlist, ip)) throw new AppError('OPERATOR_IP_NOT_ALLOWED');
      if (now.getTime() - session.last_used_at.getTime() >= TOUCH_EVERY_MS)
        await repo.touchOperatorSession(db.kysely, session.id, now);
      return {
        sessionId: session.id,
        operatorId: session.operator_id,
        username: session.username,
        displayName: session.display_name,
        role: session.role,
        permissions: [...ROLE_PERMISSIONS[session.role]],
        reauthAt: session.reauth_at,
        ip,
      };
    },

    reauthValidUntil(operator: OperatorContext): Date | null {
      if (!operator.reauthAt) return null;
      const until = new Date(operator.reauthAt.getTime() + REAUTH_MS);
      return until > clock.now() ? until : null;
    },

    reauthenticate: (context: OperatorContext, password: string, code: string) =>
      reauthenticate({ deps, guard, isSecondFactorRight }, context, password, code),

    async signOut(context: OperatorContext) {
      await repo.revokeOperatorSession(db.kysely, context.sessionId, clock.now());
      sessionEnds.ended('operator', [context.sessionId]);
    },

    /**
     * A new operator (the operator:create command, the demo seed). The password is never a default one; with
     * `mustSetPassword` (the demo seed) the operator chooses their own at the first sign-in.
     */
    async createOperator(input: {
      username: string;
      displayName: string;
      role: Role;
      password: string;
      mustSetPassword?: boolean;
    }) {
      const username = input.username.trim().toLowerCase();
      if (!/^[a-z0-9._-]{3,64}$/.test(username))
        throw new Error('username: 3 to 64 of a-z 0-9 . _ -');
      if (input.password.length < MIN_OPERATOR_PASSWORD)
        throw new Error(`password: at least ${MIN_OPERATOR_PASSWORD} characters`);
      const now = clock.now();
      const id = randomUUID();
      const passwordHash = await passwords.hash(input.password);
      const inserted = await db.withTransaction(async (trx) => {
        const row = await repo.insertOperator(trx, {
          id,
          username,
          displayName: input.displayName.trim() || username,
          role: input.role,
          passwordHash,
          now,
          mustSetPassword: input.mustSetPassword ?? false,
        });
        if (!row) return undefined;
        await recordAudit(
          trx,
          { operatorId: null, operatorName: 'system', ip: null },
          {
            action: 'operator.created',
            targetType: 'operator',
            targetId: id,
            after: { username, role: input.role },
          },
          now,
        );
        return row;
      });
      if (!inserted) throw new AppError('OPERATOR_EXISTS');
      return { id, username };
    },
  };
}

export type OperatorAuthService = ReturnType<typeof createOperatorAuthService>;
