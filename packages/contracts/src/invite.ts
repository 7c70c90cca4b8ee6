import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { memberCall } from './contract.ts';
import { bannersCall } from './bonus.ts';
import { pagedListCall } from './statement.ts';

/** Invite (docs/spec.md §2 invite modal, §3 Invite row, §7 Invite; docs/design.md#promotions). */

export const INVITE_CODE_PREFIX = 'PR';

export const inviteRowSchema = z.object({
  _id: z.string(),
  from: z.object({ name: z.string() }),
  /** Commission earned from this invitee so far. */
  amount: z.number(),
  /** When the invitee registered. */
  createdAt: z.string(),
  hasDeposited: z.boolean(),
});
export type InviteRow = z.infer<typeof inviteRowSchema>;

export const inviteList = pagedListCall('/api/invite', PAGE_SIZE.invite, {
  invites: z.array(inviteRowSchema),
  /** Commission accrued, collectable now and not yet collected. */
  inviteAmount: z.number(),
  /** Commission that arrives once the invitees' deposits are played (docs/decisions/0013-promotions.md). */
  inviteWaiting: z.number(),
  /** Commission held for an operator's review (an invitee sharing an address, a browser or a name with you). */
  inviteHeld: z.number(),
  inviteSuccess: z.number(),
  inviteFail: z.number(),
  /** The commission rate in percent of each invitee deposit. */
  percent: z.number(),
});

/** Collects the accrued commission into the cash wallet. */
export const inviteBonus = memberCall('GET', '/api/invite/bonus', {
  response: z.object({
    message: z.literal('INVITE_BONUS_SUCCESS'),
    amount: z.number(),
    transferId: z.string(),
  }),
});

export const inviteBanners = bannersCall('/api/invite/banners');
