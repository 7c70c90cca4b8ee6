import { randomUUID } from 'node:crypto';
import type { Role } from '@mekong/contracts/admin/admin-contract';
import type { NoticeKind } from '@mekong/contracts/admin/notices';
import {
  adminCancelSettingChangeContract,
  SETTING_CHANGE_DELAY_MS,
  type PendingSettingChange,
  type SettingChangeSubject,
} from '@mekong/contracts/admin/setting-changes';
import type { AppDeps } from '@/app-deps.ts';
import type { Trx } from '@/db/database.ts';
import { AppError } from '@/lib/app-error.ts';
import { recordAudit, type Actor } from '@/modules/audit/audit.service.ts';
import { notifyRoles } from '@/modules/operator-notices/index.ts';
import { actorOf, type OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import { ROLE_PERMISSIONS } from '@/modules/operators/permissions.ts';
import { applySettingChange, type Applier } from '@/modules/settings/setting-change-apply.ts';
import {
  confirmRefusal,
  permissionOfSubject,
} from '@/modules/settings/setting-change-confirmer.ts';
import * as repo from '@/modules/settings/setting-changes.repository.ts';
import { forgetCachedSettings } from '@/modules/settings/settings.repository.ts';

const SERVER: Actor = { operatorId: null, operatorName: 'system', ip: null };

/** What a save asks to change: a guarded setting key, or one deposit account (its id, a new one's id to be). */
export type ChangeRequest = {
  subject: SettingChangeSubject;
  accountId: string | null;
  before: object | null;
  value: object;
};

const keyOf = (subject: SettingChangeSubject, accountId: string | null) =>
  subject === 'operatorAccount' ? `operatorAccount:${accountId}` : subject;

const targetOf = (change: Pick<repo.SettingChangeRow, 'subject' | 'account_id'>) =>
  change.subject === 'operatorAccount'
    ? { targetType: 'operator_account', targetId: change.account_id }
    : { targetType: 'setting', targetId: change.subject };

/** Owners, and every role that may confirm a change of this subject. */
function rolesToTell(subject: SettingChangeSubject): Role[] {
  const permission = permissionOfSubject(subject);
  return (Object.keys(ROLE_PERMISSIONS) as Role[]).filter(
    (role) => role === 'owner' || ROLE_PERMISSIONS[role].includes(permission),
  );
}

function tell(trx: Trx, kind: NoticeKind, change: repo.SettingChangeRow, extra: object, now: Date) {
  const params = { changeId: change.id, subject: change.subject, accountId: change.account_id };
  return notifyRoles(
    trx,
    { kind, params: { ...params, ...extra } },
    now,
    rolesToTell(change.subject as SettingChangeSubject),
  );
}

/**
 * Asks for a money-critical change in the caller's transaction (which holds the lock of what it changes): it waits for
 * a second operator or SETTING_CHANGE_DELAY_MS, audited `setting.requested`, and every owner (and every operator who
 * may confirm it) is told. A change of the same key already waiting refuses it (SETTING_CHANGE_PENDING): the first
 * must be confirmed or cancelled, so what a confirmer saw is what they confirm.
 */
export async function requestSettingChange(
  trx: Trx,
  request: ChangeRequest,
  operator: OperatorContext,
  now: Date,
): Promise<PendingSettingChange> {
  const key = keyOf(request.subject, request.accountId);
  if (await repo.findPendingOfKey(trx, key)) throw new AppError('SETTING_CHANGE_PENDING');
  const row = await repo.insertSettingChange(trx, {
    id: randomUUID(),
    key,
    subject: request.subject,
    account_id: request.accountId,
    before: request.before,
    value: request.value,
    requested_by: operator.operatorId,
    requested_by_name: operator.username,
    requested_ip: operator.ip,
    requested_at: now,
    effective_at: new Date(now.getTime() + SETTING_CHANGE_DELAY_MS),
  });
  await recordAudit(
    trx,
    actorOf(operator),
    { action: 'setting.requested', ...targetOf(row), before: request.before, after: request.value },
    now,
  );
  const effectiveAt = row.effective_at.toISOString();
  await tell(trx, 'setting.pending', row, { requestedBy: operator.username, effectiveAt }, now);
  return present(row, { canConfirm: false, canCancel: canCancel(operator) });
}

const canCancel = (operator: OperatorContext) =>
  operator.permissions.includes(adminCancelSettingChangeContract.permission!);

function present(
  row: repo.SettingChangeRow,
  rights: { canConfirm: boolean; canCancel: boolean },
): PendingSettingChange {
  return {
    id: row.id,
    subject: row.subject as SettingChangeSubject,
    accountId: row.account_id,
    before: (row.before as Record<string, unknown> | null) ?? null,
    value: row.value as Record<string, unknown>,
    requestedBy: row.requested_by_name,
    requestedAt: row.requested_at.toISOString(),
    effectiveAt: row.effective_at.toISOString(),
    ...rights,
  };
}

/**
 * The waiting changes: confirmed by a second operator, cancelled by an owner, or applied by the server once their delay
 * has passed (the periodic job, and before any list of settings is answered).
 */
export function createSettingChangesService({
  db,
  clock,
  log,
}: Pick<AppDeps, 'db' | 'clock' | 'log'>) {
  async function lockPending(trx: Trx, id: string) {
    const change = await repo.lockSettingChange(trx, id);
    if (!change) throw new AppError('ITEM_NOT_FOUND');
    if (change.status !== 'pending') throw new AppError('SETTING_CHANGE_NOT_PENDING');
    return change;
  }

  async function apply(trx: Trx, change: repo.SettingChangeRow, applier: Applier, now: Date) {
    await applySettingChange(trx, change, applier, now);
    const decidedBy = applier.actor.operatorId
      ? { id: applier.actor.operatorId, name: applier.actor.operatorName }
      : null;
    await repo.closeSettingChange(trx, change.id, { status: 'applied', decidedBy, now });
    await tell(trx, 'setting.applied', change, { confirmedBy: decidedBy?.name ?? null }, now);
  }

  async function cancelIn(
    trx: Trx,
    change: repo.SettingChangeRow,
    actor: Actor,
    refusal: string | null,
    now: Date,
  ) {
    const decidedBy = actor.operatorId ? { id: actor.operatorId, name: actor.operatorName } : null;
    await repo.closeSettingChange(trx, change.id, { status: 'cancelled', decidedBy, now, refusal });
    await recordAudit(
      trx,
      actor,
      {
        action: 'setting.cancelled',
        ...targetOf(change),
        before: { changeId: change.id, status: 'pending' },
        after: { changeId: change.id, status: 'cancelled', refusal },
      },
      now,
    );
    await tell(
      trx,
      'setting.cancelled',
      change,
      { cancelledBy: decidedBy?.name ?? null, refusal },
      now,
    );
  }

  /** Applies every waiting change whose delay has passed; one that no longer holds is cancelled with its code. */
  async function applyDue(): Promise<number> {
    let applied = 0;
    for (const id of await repo.dueChangeIds(db.kysely, clock.now())) {
      const now = clock.now();
      try {
        applied += await db.withTransaction(async (trx) => {
          const change = await repo.lockSettingChange(trx, id);
          // Another process or a confirmation got there first.
          if (change?.status !== 'pending' || change.effective_at > now) return 0;
          await apply(trx, change, { actor: SERVER, ip: change.requested_ip }, now);
          return 1;
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await db.withTransaction(async (trx) => {
          const change = await repo.lockSettingChange(trx, id);
          if (change?.status === 'pending') await cancelIn(trx, change, SERVER, error.code, now);
        });
        log.warn({ changeId: id, code: error.code }, 'a due setting change no longer holds');
      }
    }
    if (applied > 0) forgetCachedSettings();
    return applied;
  }

  return {
    applyDue,

    async list(operator: OperatorContext): Promise<PendingSettingChange[]> {
      await applyDue();
      const rows = await repo.listPendingChanges(db.kysely);
      return Promise.all(
        rows.map(async (row) =>
          present(row, {
            canConfirm: (await confirmRefusal(db.kysely, row, operator, clock.now())) === null,
            canCancel: canCancel(operator),
          }),
        ),
      );
    },

    /** A second operator confirms: the change takes effect now, once, whatever the number of clicks. */
    async confirm(id: string, operator: OperatorContext): Promise<void> {
      await db.withTransaction(async (trx) => {
        const change = await lockPending(trx, id);
        const now = clock.now();
        const refusal = await confirmRefusal(trx, change, operator, now);
        if (refusal) throw new AppError(refusal);
        await recordAudit(
          trx,
          actorOf(operator),
          {
            action: 'setting.confirmed',
            ...targetOf(change),
            after: { changeId: change.id, requestedBy: change.requested_by_name },
          },
          now,
        );
        await apply(trx, change, { actor: actorOf(operator), ip: operator.ip }, now);
      });
      forgetCachedSettings();
    },

    async cancel(id: string, operator: OperatorContext): Promise<void> {
      await db.withTransaction(async (trx) => {
        const change = await lockPending(trx, id);
        await cancelIn(trx, change, actorOf(operator), null, clock.now());
      });
    },
  };
}

export type SettingChangesService = ReturnType<typeof createSettingChangesService>;
