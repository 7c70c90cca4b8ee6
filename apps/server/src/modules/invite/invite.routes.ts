import type { FastifyInstance } from 'fastify';
import { inviteBanners, inviteBonus, inviteList } from '@mekong/contracts/invite';
import { toMajor } from '@mekong/contracts/money';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import type { InviteService } from '@/modules/invite/invite.service.ts';
import { sessionOf } from '@/plugins/sessions.ts';

export function registerInviteRoutes(
  app: FastifyInstance,
  routes: ApiRouteTable,
  invites: InviteService,
) {
  contractRoute(app, routes, {
    contract: inviteList,
    handler: async ({ body, request }) => {
      const view = await invites.list(sessionOf(request).memberId, body);
      return {
        total: view.total,
        invites: view.invites.map((i) => ({
          _id: i.publicId,
          from: { name: i.name },
          amount: toMajor(i.earnedMinor),
          createdAt: i.createdAt.toISOString(),
          hasDeposited: i.hasDeposited,
        })),
        inviteAmount: toMajor(view.amountMinor),
        inviteWaiting: toMajor(view.waitingMinor),
        inviteHeld: toMajor(view.heldMinor),
        inviteSuccess: view.success,
        inviteFail: view.fail,
        percent: view.percent,
      };
    },
  });

  contractRoute(app, routes, {
    contract: inviteBonus,
    handler: async ({ request }) => {
      const { amountMinor, transferId } = await invites.collect(sessionOf(request).memberId);
      return { message: 'INVITE_BONUS_SUCCESS' as const, amount: toMajor(amountMinor), transferId };
    },
  });

  contractRoute(app, routes, {
    contract: inviteBanners,
    handler: async () => ({ banners: await invites.banners() }),
  });
}
