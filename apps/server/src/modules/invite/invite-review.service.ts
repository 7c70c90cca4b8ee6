import type { InviteReview } from '@mekong/contracts/admin/promotions-play';
import type { AppDeps } from '@/app-deps.ts';
import type { Queryable } from '@/db/database.ts';
import type { InviteReviewStatus } from '@/db/schema.ts';
import { AppError } from '@/lib/app-error.ts';
import { findMemberBriefs, type MemberBrief } from '@/modules/account/invitee.repository.ts';
import { recordAudit, type Actor } from '@/modules/audit/audit.service.ts';
import {
  decideReview,
  findReview,
  listReviews,
  sumUncollectedByInvitee,
  type InviteReviewRow,
} from '@/modules/invite/invite-review.repository.ts';

/**
 * The back office's review of invites held because the invitee shares an address, a browser or a bank-account name
 * with the inviter (docs/back-office/promotions.md#held-invites): release (the commission becomes collectable once
 * the deposits are played) or refuse (it never is). Each decision is taken once and audited in its transaction.
 */

const unknownMember = (id: string): MemberBrief => ({ id, publicId: '', phone: '', name: '' });

async function answers(db: Queryable, rows: InviteReviewRow[]): Promise<InviteReview[]> {
  const ids = rows.flatMap((r) => [r.inviteeId, r.inviterId]);
  const [members, held] = await Promise.all([
    findMemberBriefs(db, ids),
    sumUncollectedByInvitee(
      db,
      rows.map((r) => r.inviteeId),
    ),
  ]);
  return rows.map((r) => ({
    invitee: members.get(r.inviteeId) ?? unknownMember(r.inviteeId),
    inviter: members.get(r.inviterId) ?? unknownMember(r.inviterId),
    reasons: r.reasons,
    status: r.status,
    heldMinor: Number(held.get(r.inviteeId) ?? 0n),
    createdAt: r.createdAt.toISOString(),
    decidedBy: r.decidedBy,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    note: r.note,
  }));
}

export function createInviteReviewService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  async function decide(
    inviteeId: string,
    status: 'released' | 'refused',
    reason: string,
    actor: Actor,
  ): Promise<InviteReview> {
    const decided = await db.withTransaction(async (trx) => {
      const before = await findReview(trx, inviteeId, { isLocked: true });
      if (!before) throw new AppError('ITEM_NOT_FOUND');
      if (before.status !== 'held') throw new AppError('INVITE_REVIEW_DECIDED');
      const now = clock.now();
      const after = await decideReview(trx, {
        inviteeId,
        status,
        by: actor.operatorId,
        note: reason,
        now,
      });
      if (!after) throw new AppError('INVITE_REVIEW_DECIDED');
      await recordAudit(
        trx,
        actor,
        {
          action: status === 'released' ? 'invite.released' : 'invite.refused',
          targetType: 'member',
          targetId: inviteeId,
          before: { status: before.status, reasons: before.reasons },
          after: { status: after.status },
          reason,
        },
        now,
      );
      return after;
    });
    const [answer] = await answers(db.kysely, [decided]);
    if (!answer) throw new Error('a decided review has no answer');
    return answer;
  }

  return {
    async list(status: InviteReviewStatus) {
      return { items: await answers(db.kysely, await listReviews(db.kysely, status)) };
    },
    release: (inviteeId: string, reason: string, actor: Actor) =>
      decide(inviteeId, 'released', reason, actor),
    refuse: (inviteeId: string, reason: string, actor: Actor) =>
      decide(inviteeId, 'refused', reason, actor),
  };
}

export type InviteReviewService = ReturnType<typeof createInviteReviewService>;
