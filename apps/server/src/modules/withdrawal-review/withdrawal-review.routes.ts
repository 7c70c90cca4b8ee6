import type { FastifyInstance } from 'fastify';
import {
  adminPayoutListContract,
  adminPayoutRefundContract,
  adminPayoutRetryContract,
  adminWithdrawalApproveContract,
  adminWithdrawalDetailContract,
  adminWithdrawalListContract,
  adminWithdrawalRejectContract,
} from '@mekong/contracts/admin/withdrawals';
import { adminWithdrawalRiskContract } from '@mekong/contracts/admin/queues';
import { adminRoute } from '@/lib/admin-route.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import type { PayoutReviewService } from '@/modules/withdrawal-review/payout-review.service.ts';
import type { WithdrawalReviewService } from '@/modules/withdrawal-review/withdrawal-review.service.ts';

const dateOf = (value: string | undefined) => (value === undefined ? undefined : new Date(value));

/** A list call's filters, its dates read. */
const filtersOf = <B extends { from?: string | undefined; to?: string | undefined }>(body: B) => ({
  ...body,
  from: dateOf(body.from),
  to: dateOf(body.to),
});

const pageOf = (body: { page: number; limit: number }) => ({ page: body.page, limit: body.limit });

/** The money-out queues of the back office (docs/back-office/money-out.md). */
export function registerWithdrawalReviewRoutes(
  app: FastifyInstance,
  table: ApiRouteTable,
  services: { withdrawals: WithdrawalReviewService; payouts: PayoutReviewService },
) {
  const { withdrawals, payouts } = services;
  adminRoute(app, table, {
    contract: adminWithdrawalListContract,
    handler: ({ body, operator }) => withdrawals.list(filtersOf(body), pageOf(body), operator),
  });
  adminRoute(app, table, {
    contract: adminWithdrawalDetailContract,
    handler: ({ params, operator }) => withdrawals.detail(params.id, operator),
  });
  adminRoute(app, table, {
    contract: adminWithdrawalRiskContract,
    handler: ({ params }) => withdrawals.risk(params.id),
  });
  adminRoute(app, table, {
    contract: adminWithdrawalApproveContract,
    handler: async ({ params, body, operator, reply }) => {
      const state = await withdrawals.approve(params.id, operator, body.reason ?? null);
      if (state !== 'awaiting_second_approval') return { message: 'OK' as const, state };
      void reply.code(202);
      return { message: 'SECOND_APPROVAL_REQUIRED' as const, state };
    },
  });
  adminRoute(app, table, {
    contract: adminWithdrawalRejectContract,
    handler: async ({ params, body, operator }) => {
      await withdrawals.reject(params.id, operator, body.reason);
      return { message: 'OK' as const };
    },
  });
  adminRoute(app, table, {
    contract: adminPayoutListContract,
    handler: ({ body, operator }) => payouts.list(filtersOf(body), pageOf(body), operator),
  });
  adminRoute(app, table, {
    contract: adminPayoutRetryContract,
    handler: async ({ params, body, operator }) => ({
      message: 'OK' as const,
      state: await payouts.retry(params.id, operator, body.reason ?? null),
    }),
  });
  adminRoute(app, table, {
    contract: adminPayoutRefundContract,
    handler: async ({ params, body, operator }) => {
      await payouts.refund(params.id, operator, body.reason);
      return { message: 'OK' as const };
    },
  });
}
