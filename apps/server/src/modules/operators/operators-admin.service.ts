import { randomBytes, randomUUID } from 'node:crypto';
import type { OperatorRow } from '@mekong/contracts/admin/operators';
import type { Role } from '@mekong/contracts/admin/admin-contract';
import type { AppDeps } from '@/app-deps.ts';
import type { Trx } from '@/db/database.ts';
import { AppError } from '@/lib/app-error.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { notifyRoles } from '@/modules/operator-notices/index.ts';
import { assertIndependentApprover } from '@/modules/operators/approver-independence.ts';
import {
  ownerMakerOf,
  recordAccountAction,
  type AccountAction,
} from '@/modules/operators/operator-account-actions.repository.ts';
import { actorOf, type OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import * as repo from '@/modules/operators/operator.repository.ts';
import { unlockSignIn } from '@/modules/operators/operator-sign-in-guard.ts';

type ListedOperator = Awaited<ReturnType<typeof repo.listOperators>>[number];

function rowOf(o: ListedOperator): OperatorRow {
  const seen = o.last_seen_at as Date | string | null;
  return {
    id: o.id,
    username: o.username,
    displayName: o.display_name,
    role: o.role,
    status: o.status,
    isPasswordToSet: o.must_set_password,
    isEnrolled: o.totp_enrolled_at !== null,
    lockedUntil: o.locked_until?.toISOString() ?? null,
    createdAt: o.created_at.toISOString(),
    lastSeenAt: seen ? new Date(seen).toISOString() : null,
  };
}

/** What an operator row looks like in the audit trail (never a hash or a secret). */
function auditView(o: { username: string; display_name: string; role: Role; status: string }) {
  return { username: o.username, displayName: o.display_name, role: o.role, status: o.status };
}

/** The owner's management of operators (docs/decisions/0014-back-office.md#operators). */
export function createOperatorsAdminService(deps: AppDeps) {
  const { db, clock, counters, operatorPasswords: passwords, sessionEnds } = deps;

  async function rowById(id: string): Promise<OperatorRow> {
    const [row] = await repo.listOperators(db.kysely, id);
    if (!row) throw new AppError('OPERATOR_NOT_FOUND');
    return rowOf(row);
  }

  /** The audit record of a change to an operator, in the change's transaction. */
  function auditOperator(
    trx: Trx,
    actor: OperatorContext,
    action: string,
    id: string,
    now: Date,
    states: { before?: unknown; after?: unknown } = {},
  ) {
    return recordAudit(
      trx,
      actorOf(actor),
      { action, targetType: 'operator', targetId: id, ...states },
      now,
    );
  }

  /** The audit record and the account action (what the approver check reads) of a creation, reset or unlock. */
  async function actOn(
    trx: Trx,
    actor: OperatorContext,
    action: Exclude<AccountAction, 'promoted'>,
    id: string,
    now: Date,
    states: { before?: unknown; after?: unknown } = {},
  ) {
    await recordAccountAction(trx, {
      operatorId: id,
      byOperatorId: actor.operatorId,
      action,
      at: now,
    });
    await auditOperator(trx, actor, `operator.${action}`, id, now, states);
  }

  /**
   * An account becoming owner (created, or promoted) waits for another owner when there is one; every owner is told
   * (docs/back-office/operators.md#a-new-owner). Owners' rows are locked by the caller.
   */
  async function ownerStatusOf(trx: Trx, actor: OperatorContext): Promise<'active' | 'pending'> {
    const owners = await repo.activeOperatorIdsOfRoles(trx, ['owner']);
    return owners.some((id) => id !== actor.operatorId) ? 'pending' : 'active';
  }

  function tellOwners(
    trx: Trx,
    params: { username: string; createdBy: string; status: string; confirmedBy?: string },
    now: Date,
  ) {
    return notifyRoles(trx, { kind: 'operator.ownerCreated', params }, now);
  }

  /** The operator's row, locked in the change's transaction. */
  async function lockOperator(trx: Trx, id: string) {
    const operator = await repo.findOperatorById(trx, id, { isLocked: true });
    if (!operator) throw new AppError('OPERATOR_NOT_FOUND');
    return operator;
  }

  return {
    async list() {
      return { rows: (await repo.listOperators(db.kysely)).map(rowOf) };
    },

    async create(
      actor: OperatorContext,
      input: { username: string; displayName: string; role: Role },
    ) {
      const initialPassword = randomBytes(12).toString('base64url');
      const passwordHash = await passwords.hash(initialPassword);
      const now = clock.now();
      const id = randomUUID();
      await db.withTransaction(async (trx) => {
        await repo.lockOwners(trx);
        const status = input.role === 'owner' ? await ownerStatusOf(trx, actor) : 'active';
        const inserted = await repo.insertOperator(trx, {
          id,
          ...input,
          passwordHash,
          now,
          mustSetPassword: true,
          status,
        });
        if (!inserted) throw new AppError('OPERATOR_EXISTS');
        await actOn(trx, actor, 'created', id, now, {
          after: {
            username: input.username,
            displayName: input.displayName,
            role: input.role,
            status,
          },
        });
        if (input.role === 'owner')
          await tellOwners(
            trx,
            { username: input.username, createdBy: actor.username, status },
            now,
          );
      });
      return { operator: await rowById(id), initialPassword };
    },

    async update(
      actor: OperatorContext,
      id: string,
      change: { displayName?: string; role?: Role; status?: 'active' | 'disabled' },
    ) {
      const now = clock.now();
      const isSensitive = change.role !== undefined || change.status !== undefined;
      if (isSensitive && id === actor.operatorId) throw new AppError('OPERATOR_SELF_CHANGE');
      const ended = await db.withTransaction(async (trx) => {
        await repo.lockOwners(trx);
        const before = await lockOperator(trx, id);
        // A pending owner is switched on only by another owner's confirmation.
        const isRoleChanged = change.role !== undefined && change.role !== before.role;
        if (before.status === 'pending' && (change.status === 'active' || isRoleChanged))
          throw new AppError('OPERATOR_CONFIRMATION_REQUIRED');
        // Becoming an active owner (promoted, or an owner switched back on) waits for another owner like a creation.
        const isNewOwner =
          (change.role ?? before.role) === 'owner' &&
          (change.status ?? before.status) === 'active' &&
          !(before.role === 'owner' && before.status === 'active');
        const status = isNewOwner ? await ownerStatusOf(trx, actor) : change.status;
        const fields = {
          ...(change.displayName !== undefined ? { display_name: change.displayName } : {}),
          ...(change.role !== undefined ? { role: change.role } : {}),
          ...(status !== undefined ? { status } : {}),
        };
        await repo.updateOperatorFields(trx, id, fields, now);
        // The last active owner cannot be demoted or disabled: someone must be able to manage operators.
        if (before.role === 'owner' && (await repo.countActiveOwners(trx)) === 0)
          throw new AppError('OPERATOR_LAST_OWNER');
        const revoked =
          status === 'disabled' || status === 'pending' || isRoleChanged
            ? await repo.revokeOperatorSessions(trx, id, now)
            : [];
        if (isNewOwner && status) {
          await recordAccountAction(trx, {
            operatorId: id,
            byOperatorId: actor.operatorId,
            action: 'promoted',
            at: now,
          });
          await tellOwners(
            trx,
            { username: before.username, createdBy: actor.username, status },
            now,
          );
        }
        await auditOperator(trx, actor, 'operator.updated', id, now, {
          before: auditView(before),
          after: auditView({ ...before, ...fields }),
        });
        return revoked;
      });
      sessionEnds.ended('operator', ended);
      return { operator: await rowById(id) };
    },

    async resetTwoFactor(actor: OperatorContext, id: string) {
      if (id === actor.operatorId) throw new AppError('OPERATOR_SELF_CHANGE');
      const now = clock.now();
      const ended = await db.withTransaction(async (trx) => {
        await lockOperator(trx, id);
        await repo.clearTwoFactor(trx, id, now);
        const revoked = await repo.revokeOperatorSessions(trx, id, now);
        await actOn(trx, actor, 'two_factor_reset', id, now);
        return revoked;
      });
      sessionEnds.ended('operator', ended);
    },

    async unlock(actor: OperatorContext, id: string) {
      const now = clock.now();
      const unlocked = await db.withTransaction(async (trx) => {
        const target = await lockOperator(trx, id);
        await repo.clearFailedTries(trx, id, now);
        await actOn(trx, actor, 'unlocked', id, now, {
          before: { lockedUntil: target.locked_until },
        });
        return target;
      });
      await unlockSignIn(counters, unlocked.username, now.getTime());
    },

    /** Another owner switches a pending owner on: not its creator, nor an account the creator made or reset. */
    async confirm(actor: OperatorContext, id: string) {
      const now = clock.now();
      await db.withTransaction(async (trx) => {
        await repo.lockOwners(trx);
        const target = await lockOperator(trx, id);
        if (target.status !== 'pending') throw new AppError('OPERATOR_NOT_PENDING');
        const creator = await ownerMakerOf(trx, id);
        if (creator) await assertIndependentApprover(trx, creator, actor.operatorId, now);
        else if (id === actor.operatorId) throw new AppError('SELF_APPROVAL');
        await repo.updateOperatorFields(trx, id, { status: 'active' }, now);
        await auditOperator(trx, actor, 'operator.owner_confirmed', id, now, {
          before: auditView(target),
          after: auditView({ ...target, status: 'active' }),
        });
        const createdBy = creator ? (await repo.findOperatorById(trx, creator))?.username : null;
        await tellOwners(
          trx,
          {
            username: target.username,
            createdBy: createdBy ?? 'system',
            status: 'active',
            confirmedBy: actor.username,
          },
          now,
        );
      });
      return { operator: await rowById(id) };
    },

    /** The operator's own password; their other sessions end. */
    async changePassword(actor: OperatorContext, currentPassword: string, newPassword: string) {
      const operator = await repo.findOperatorById(db.kysely, actor.operatorId);
      if (!operator || !(await passwords.verify(operator.password_hash, currentPassword)))
        throw new AppError('OPERATOR_SIGN_IN_FAILED');
      const hash = await passwords.hash(newPassword);
      const now = clock.now();
      const ended = await db.withTransaction(async (trx) => {
        await repo.setOperatorPassword(trx, actor.operatorId, hash, now);
        const revoked = await repo.revokeOperatorSessions(
          trx,
          actor.operatorId,
          now,
          actor.sessionId,
        );
        await auditOperator(trx, actor, 'operator.password_changed', actor.operatorId, now);
        return revoked;
      });
      sessionEnds.ended('operator', ended);
    },
  };
}

export type OperatorsAdminService = ReturnType<typeof createOperatorsAdminService>;
