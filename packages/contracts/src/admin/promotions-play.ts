import { z } from 'zod';
import { adminCall, idParams, reasonBody } from './admin-contract.ts';
import { percent } from './promotion-fields.ts';
import { promotionCallsOf } from './promotions.ts';

/**
 * Promotions earned by play (docs/back-office/promotions.md#play, docs/decisions/0013-promotions.md#earned-by-play):
 * the play a deposit needs before its coins and invite commission arrive, the turnover of a wheel cash prize before it
 * can be withdrawn, the hold on invites that share something with the inviter, and the review of those held.
 */

/** Multipliers keep two decimals; 0 switches the condition off. */
const multiplier = () => percent('PROMO_MULTIPLIER_INVALID', 100);

export const promotionGuardsBodySchema = z.strictObject({
  /** × the deposit (and every deposit after it) the member must stake before its coins and commission arrive. */
  depositPlayMultiplier: multiplier(),
  /** × a claimed cash prize the member must stake before it can be withdrawn. */
  prizeTurnoverMultiplier: multiplier(),
  /** An invite sharing an address, a browser or a bank-account name with the inviter waits for review. */
  isSharedInviteHeld: z.boolean({ error: 'INVALID_REQUEST' }),
});
export type PromotionGuardsBody = z.input<typeof promotionGuardsBodySchema>;

export const promotionGuardsSchema = z.object({
  depositPlayMultiplier: z.number(),
  prizeTurnoverMultiplier: z.number(),
  isSharedInviteHeld: z.boolean(),
});
export type PromotionGuards = z.infer<typeof promotionGuardsSchema>;

const guards = promotionCallsOf('/api/admin/promotions/guards', promotionGuardsSchema);
export const adminGuardsGetContract = guards.get;
export const adminGuardsSaveContract = guards.change('PUT', '', promotionGuardsBodySchema);

// Invites held for review.

export const INVITE_SHARE_REASONS = ['address', 'device', 'accountName'] as const;
export type InviteShareReason = (typeof INVITE_SHARE_REASONS)[number];
export const INVITE_REVIEW_STATUSES = ['held', 'released', 'refused'] as const;

const partySchema = z.object({
  id: z.string(),
  publicId: z.string(),
  phone: z.string(),
  name: z.string(),
});

export const inviteReviewSchema = z.object({
  invitee: partySchema,
  inviter: partySchema,
  reasons: z.array(z.enum(INVITE_SHARE_REASONS)),
  status: z.enum(INVITE_REVIEW_STATUSES),
  /** Commission accrued on the invitee's deposits and not collected (minor units). */
  heldMinor: z.number().int(),
  createdAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type InviteReview = z.infer<typeof inviteReviewSchema>;

export const inviteReviewListSchema = z.object({ items: z.array(inviteReviewSchema) });

/** The held invites (oldest first), or the decided ones (newest first, the last 100). */
export const adminInviteReviewsContract = adminCall(
  'POST',
  '/api/admin/promotions/invite-reviews/list',
  {
    body: z.strictObject({
      status: z.enum(INVITE_REVIEW_STATUSES, { error: 'INVALID_REQUEST' }),
    }),
    response: inviteReviewListSchema,
    permission: 'settings.read',
  },
);

/** By the invitee's member id. Release: the invitee's commission becomes collectable (once played). Refuse: it never is. */
export const adminInviteReleaseContract = adminCall(
  'POST',
  '/api/admin/promotions/invite-reviews/:id/release',
  {
    params: idParams,
    body: reasonBody,
    response: inviteReviewSchema,
    permission: 'settings.promotions',
  },
);
export const adminInviteRefuseContract = adminCall(
  'POST',
  '/api/admin/promotions/invite-reviews/:id/refuse',
  {
    params: idParams,
    body: reasonBody,
    response: inviteReviewSchema,
    permission: 'settings.promotions',
  },
);
