import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AdminContract, idParams } from '@mekong/contracts/admin/admin-contract';
import {
  adminAdjustmentApproveContract,
  adminAdjustmentRejectContract,
  adminMemberAdjustContract,
  adminMemberAdjustmentsContract,
  adminMemberDetailContract,
  adminMemberFreezeContract,
  adminMemberGamesContract,
  adminMemberInviteesContract,
  adminMemberLedgerContract,
  adminMemberPasswordResetContract,
  adminMemberSearchContract,
  adminMemberSignOutContract,
  adminMemberSlipsContract,
  adminMemberUnfreezeContract,
  adminMemberWithdrawalsContract,
  adminPendingAdjustmentsContract,
} from '@mekong/contracts/admin/members';
import { adminRoute } from '@/lib/admin-route.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import type { AdjustmentsService } from '@/modules/members/adjustments.service.ts';
import type { MemberActionsService } from '@/modules/members/member-actions.service.ts';
import type { MembersService } from '@/modules/members/members.service.ts';
import type { Actor } from '@/modules/audit/audit.service.ts';
import { actorOf } from '@/modules/operators/operator-auth.service.ts';

/** The back office's member calls (docs/back-office/members.md); permissions come from each contract. */
export function registerMemberAdminRoutes(
  app: FastifyInstance,
  table: ApiRouteTable,
  services: {
    members: MembersService;
    actions: MemberActionsService;
    adjustments: AdjustmentsService;
  },
): void {
  const { members, actions, adjustments } = services;

  adminRoute(app, table, {
    contract: adminMemberSearchContract,
    handler: ({ body, operator }) => members.search(operator, body),
  });
  adminRoute(app, table, {
    contract: adminMemberDetailContract,
    handler: ({ params, operator }) => members.detail(operator, params.id),
  });
  adminRoute(app, table, {
    contract: adminMemberGamesContract,
    handler: ({ params }) => members.games(params.id),
  });

  /** A paged list on one member's page. */
  function memberList<B, R>(
    contract: AdminContract<z.ZodType<B>, z.ZodType<R>, typeof idParams>,
    read: (memberId: string, body: B) => Promise<R>,
  ): void {
    adminRoute(app, table, { contract, handler: ({ params, body }) => read(params.id, body) });
  }
  adminRoute(app, table, {
    contract: adminMemberLedgerContract,
    handler: ({ params, body, operator }) => members.ledger(operator, params.id, body),
  });
  memberList(adminMemberSlipsContract, members.slips);
  memberList(adminMemberInviteesContract, members.invitees);
  adminRoute(app, table, {
    contract: adminMemberWithdrawalsContract,
    handler: ({ params, body, operator }) => members.withdrawals(operator, params.id, body),
  });

  /** A support action on one member, with the operator's reason. */
  function memberAction<B extends { reason?: string | undefined }, R>(
    contract: AdminContract<z.ZodType<B>, z.ZodType<R>, typeof idParams>,
    act: (actor: Actor, memberId: string, reason: B['reason']) => Promise<R>,
  ): void {
    adminRoute(app, table, {
      contract,
      handler: ({ params, body, operator }) => act(actorOf(operator), params.id, body.reason),
    });
  }
  memberAction(adminMemberFreezeContract, actions.freeze);
  memberAction(adminMemberUnfreezeContract, actions.unfreeze);
  memberAction(adminMemberSignOutContract, actions.signOutEverywhere);
  memberAction(adminMemberPasswordResetContract, actions.sendPasswordReset);

  adminRoute(app, table, {
    contract: adminMemberAdjustContract,
    handler: ({ params, body, operator }) => adjustments.request(operator, params.id, body),
  });
  adminRoute(app, table, {
    contract: adminMemberAdjustmentsContract,
    handler: ({ params, body, operator }) => adjustments.listOfMember(operator, params.id, body),
  });
  adminRoute(app, table, {
    contract: adminPendingAdjustmentsContract,
    handler: ({ body, operator }) => adjustments.listWaiting(operator, body),
  });
  adminRoute(app, table, {
    contract: adminAdjustmentApproveContract,
    handler: ({ params, operator }) => adjustments.approve(operator, params.id),
  });
  adminRoute(app, table, {
    contract: adminAdjustmentRejectContract,
    handler: ({ params, body, operator }) => adjustments.reject(operator, params.id, body.reason),
  });
}
