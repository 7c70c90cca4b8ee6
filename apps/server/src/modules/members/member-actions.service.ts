import type { AppDeps } from '@/app-deps.ts';
import type { Trx } from '@/db/database.ts';
import type { MembersTable } from '@/db/schema.ts';
import { AppError } from '@/lib/app-error.ts';
import { lockMemberStatus, setMemberStatus } from '@/modules/account/member-admin.repository.ts';
import { findMemberWithBank } from '@/modules/account/member.repository.ts';
import { recordAudit, type Actor } from '@/modules/audit/audit.service.ts';
import { revokeSessions } from '@/modules/auth/session.repository.ts';
import type { OtpService } from '@/modules/otp/otp.service.ts';

type Status = MembersTable['status'];

/**
 * What support does to a member (docs/back-office/members.md#actions): freeze and unfreeze, sign out everywhere, and
 * send a password-reset code. Each change and its audit record are one transaction.
 */
export function createMemberActionsService(
  { db, clock, sessionEnds }: Pick<AppDeps, 'db' | 'clock' | 'sessionEnds'>,
  otp: Pick<OtpService, 'sendOperatorPasswordReset'>,
) {
  const endSessions = (trx: Trx, memberId: string, now: Date) =>
    revokeSessions(trx, { memberId }, now);

  /** Runs the change; the sessions it ended are told after the transaction commits. */
  async function ending<T>(change: (trx: Trx) => Promise<{ result: T; ended: string[] }>) {
    const { result, ended } = await db.withTransaction(change);
    sessionEnds.ended('member', ended);
    return result;
  }

  /**
   * Freezing suspends the member and ends every session in one transaction: sign-in answers INACTIVE_USER, and a
   * token that was live is refused on every call (the session check reads the member's status each time).
   */
  async function setStatus(
    actor: Actor,
    memberId: string,
    to: Status,
    reason: string,
  ): Promise<{ status: Status; sessionsEnded: number }> {
    const now = clock.now();
    return ending(async (trx) => {
      const member = await lockMemberStatus(trx, memberId);
      if (!member) throw new AppError('ITEM_NOT_FOUND');
      if (member.status === to) throw new AppError('MEMBER_STATUS_UNCHANGED');
      await setMemberStatus(trx, memberId, to, now);
      const ended = to === 'suspended' ? await endSessions(trx, memberId, now) : [];
      const sessionsEnded = ended.length;
      await recordAudit(
        trx,
        actor,
        {
          action: to === 'suspended' ? 'member.frozen' : 'member.unfrozen',
          targetType: 'member',
          targetId: memberId,
          before: { status: member.status },
          after: { status: to, sessionsEnded },
          reason,
        },
        now,
      );
      return { result: { status: to, sessionsEnded }, ended };
    });
  }

  return {
    freeze: (actor: Actor, memberId: string, reason: string) =>
      setStatus(actor, memberId, 'suspended', reason),

    unfreeze: (actor: Actor, memberId: string, reason: string) =>
      setStatus(actor, memberId, 'active', reason),

    async signOutEverywhere(
      actor: Actor,
      memberId: string,
      reason: string | undefined,
    ): Promise<{ sessionsEnded: number }> {
      const now = clock.now();
      return ending(async (trx) => {
        if (!(await lockMemberStatus(trx, memberId))) throw new AppError('ITEM_NOT_FOUND');
        const ended = await endSessions(trx, memberId, now);
        const sessionsEnded = ended.length;
        await recordAudit(
          trx,
          actor,
          {
            action: 'member.signed_out',
            targetType: 'member',
            targetId: memberId,
            after: { sessionsEnded },
            reason: reason ?? null,
          },
          now,
        );
        return { result: { sessionsEnded }, ended };
      });
    },

    /**
     * Sends the member's phone a password-reset code by the member's own reset flow; the operator never sees the code
     * or a password. The SMS is an outside call, so it goes first and the audit record after it.
     */
    async sendPasswordReset(
      actor: Actor,
      memberId: string,
      reason: string | undefined,
    ): Promise<{ otpRef: string }> {
      const member = await findMemberWithBank(db.kysely, memberId);
      if (!member) throw new AppError('ITEM_NOT_FOUND');
      if (!actor.operatorId) throw new AppError('UNAUTHORIZED');
      const sent = await otp.sendOperatorPasswordReset(member.phone, actor.operatorId);
      const now = clock.now();
      await db.withTransaction((trx) =>
        recordAudit(
          trx,
          actor,
          {
            action: 'member.password_reset_sent',
            targetType: 'member',
            targetId: memberId,
            after: { otpRef: sent.otpRef },
            reason: reason ?? null,
          },
          now,
        ),
      );
      return sent;
    },
  };
}

export type MemberActionsService = ReturnType<typeof createMemberActionsService>;
