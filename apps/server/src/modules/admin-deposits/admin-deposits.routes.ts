import type { FastifyInstance } from 'fastify';
import {
  adminBankLineCreditContract,
  adminBankLineGetContract,
  adminBankLineListContract,
  adminBankLineRefuseContract,
  adminDepositMemberLookupContract,
  adminNoticeCreditContract,
  adminNoticeGetContract,
  adminNoticeListContract,
  adminNoticeRefuseContract,
  adminQrCreditContract,
  adminQrGetContract,
  adminQrListContract,
  adminQrRefuseContract,
  adminSlipCreditContract,
  adminSlipGetContract,
  adminSlipImageContract,
  adminSlipListContract,
  adminSlipRefuseContract,
  adminVoucherCreditContract,
  adminVoucherGetContract,
  adminVoucherListContract,
  adminVoucherRefuseContract,
} from '@mekong/contracts/admin/deposits';
import { adminRoute } from '@/lib/admin-route.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import { createBankLinesService } from '@/modules/admin-deposits/bank-lines.service.ts';
import { createHeldDepositsService } from '@/modules/admin-deposits/held-deposits.service.ts';
import { createQueueKit } from '@/modules/admin-deposits/queue-kit.ts';
import { createSlipsQueueService } from '@/modules/admin-deposits/slips.service.ts';
import type { WorkClaimsService } from '@/modules/work-claims/work-claims.service.ts';

/** The money-in queues of the back office (docs/back-office/money-in.md). */
export function registerAdminDepositRoutes(
  app: FastifyInstance,
  table: ApiRouteTable,
  workClaims: WorkClaimsService,
): void {
  const kit = createQueueKit(app.deps, workClaims);
  const held = createHeldDepositsService(app.deps, kit);
  const lines = createBankLinesService(app.deps, kit);
  const slips = createSlipsQueueService(app.deps, kit);

  adminRoute(app, table, {
    contract: adminQrListContract,
    handler: ({ body, operator }) => held.qr.list(body, operator.operatorId),
  });
  adminRoute(app, table, {
    contract: adminQrGetContract,
    handler: ({ params, operator }) => held.qr.get(params.id, operator.operatorId),
  });
  adminRoute(app, table, {
    contract: adminQrCreditContract,
    handler: ({ params, body, operator }) =>
      held.qr.decide(params.id, operator, 'credit', body.reason),
  });
  adminRoute(app, table, {
    contract: adminQrRefuseContract,
    handler: ({ params, body, operator }) =>
      held.qr.decide(params.id, operator, 'refuse', body.reason),
  });

  adminRoute(app, table, {
    contract: adminVoucherListContract,
    handler: ({ body, operator }) => held.vouchers.list(body, operator.operatorId),
  });
  adminRoute(app, table, {
    contract: adminVoucherGetContract,
    handler: ({ params, operator }) => held.vouchers.get(params.id, operator.operatorId),
  });
  adminRoute(app, table, {
    contract: adminVoucherCreditContract,
    handler: ({ params, body, operator }) =>
      held.vouchers.decide(params.id, operator, 'credit', body.reason),
  });
  adminRoute(app, table, {
    contract: adminVoucherRefuseContract,
    handler: ({ params, body, operator }) =>
      held.vouchers.decide(params.id, operator, 'refuse', body.reason),
  });

  adminRoute(app, table, {
    contract: adminNoticeListContract,
    handler: ({ body, operator }) => held.notices.list(body, operator.operatorId),
  });
  adminRoute(app, table, {
    contract: adminNoticeGetContract,
    handler: ({ params, operator }) => held.notices.get(params.id, operator.operatorId),
  });
  adminRoute(app, table, {
    contract: adminNoticeCreditContract,
    handler: ({ params, body, operator }) =>
      held.notices.decide(params.id, operator, 'credit', body.reason),
  });
  adminRoute(app, table, {
    contract: adminNoticeRefuseContract,
    handler: ({ params, body, operator }) =>
      held.notices.decide(params.id, operator, 'refuse', body.reason),
  });

  adminRoute(app, table, {
    contract: adminBankLineListContract,
    handler: ({ body, operator }) => lines.list(body, operator.operatorId),
  });
  adminRoute(app, table, {
    contract: adminBankLineGetContract,
    handler: ({ params, operator }) => lines.get(params.id, operator.operatorId),
  });
  adminRoute(app, table, {
    contract: adminBankLineCreditContract,
    handler: ({ params, body, operator }) =>
      lines.credit(params.id, operator, body.memberId, body.reason),
  });
  adminRoute(app, table, {
    contract: adminBankLineRefuseContract,
    handler: ({ params, body, operator }) =>
      lines.refuse(params.id, operator, body.outcome, body.reason),
  });
  adminRoute(app, table, {
    contract: adminDepositMemberLookupContract,
    handler: ({ body }) => lines.lookupMembers(body.query),
  });

  adminRoute(app, table, {
    contract: adminSlipListContract,
    handler: ({ body, operator }) => slips.list(body, operator.operatorId),
  });
  adminRoute(app, table, {
    contract: adminSlipGetContract,
    handler: ({ params, operator }) => slips.get(params.id, operator.operatorId),
  });
  adminRoute(app, table, {
    contract: adminSlipImageContract,
    handler: async ({ params, reply }) => {
      const image = await slips.image(params.id);
      // The bytes as stored, typed by their magic number at upload; never cached, never run as a page.
      return reply
        .type(image.type)
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'")
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  });
  adminRoute(app, table, {
    contract: adminSlipCreditContract,
    handler: ({ params, body, operator }) =>
      slips.credit(params.id, operator, body.amountMinor, body.reason),
  });
  adminRoute(app, table, {
    contract: adminSlipRefuseContract,
    handler: ({ params, body, operator }) => slips.refuse(params.id, operator, body.reason),
  });
}
