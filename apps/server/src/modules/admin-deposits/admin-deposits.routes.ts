import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AdminContract, idParams } from '@mekong/contracts/admin/admin-contract';
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
import { storedFileReply } from '@/lib/stored-file-reply.ts';
import { depositAnswerView } from '@/modules/admin-deposits/account-view.ts';
import { createBankLinesService } from '@/modules/admin-deposits/bank-lines.service.ts';
import {
  createHeldDepositsService,
  type HeldQueue,
} from '@/modules/admin-deposits/held-deposits.service.ts';
import { createQueueKit, type ListBody } from '@/modules/admin-deposits/queue-kit.ts';
import { createSlipsQueueService } from '@/modules/admin-deposits/slips.service.ts';
import { accountNoFor } from '@/modules/members/account-mask.ts';
import type { WorkClaimsService } from '@/modules/work-claims/work-claims.service.ts';

type DecisionContract<I> = AdminContract<
  z.ZodType<{ reason: string }>,
  z.ZodType<I>,
  typeof idParams
>;

/** How many open items each money-in queue holds: those a person decides, and the duplicates the system refused. */
export type MoneyInCounts = () => Promise<{
  needsPerson: Record<'qr' | 'vouchers' | 'notices' | 'bank-lines' | 'slips', number>;
  refusedBySystem: Record<'bank-lines' | 'slips', number>;
}>;

/** The money-in queues of the back office (docs/back-office/money-in.md); answers their counts. */
export function registerAdminDepositRoutes(
  app: FastifyInstance,
  table: ApiRouteTable,
  workClaims: WorkClaimsService,
): MoneyInCounts {
  const kit = createQueueKit(app.deps, workClaims);
  const held = createHeldDepositsService(app.deps, kit);
  const lines = createBankLinesService(app.deps, kit);
  const slips = createSlipsQueueService(app.deps, kit);

  /** A queue's page and one item of it, as the operator sees them (with their claims). */
  function readRoutes<B, L, I>(
    list: AdminContract<z.ZodType<B>, z.ZodType<L>>,
    get: AdminContract<undefined, z.ZodType<I>, typeof idParams>,
    queue: {
      list: (body: B, operatorId: string) => Promise<L>;
      get: (id: string, operatorId: string) => Promise<I>;
    },
  ): void {
    adminRoute(app, table, {
      contract: list,
      handler: async ({ body, operator }) =>
        depositAnswerView(await queue.list(body, operator.operatorId), accountNoFor(operator)),
    });
    adminRoute(app, table, {
      contract: get,
      handler: async ({ params, operator }) =>
        depositAnswerView(await queue.get(params.id, operator.operatorId), accountNoFor(operator)),
    });
  }

  /** A held queue's list, item, credit and refusal. */
  function heldRoutes<I>(
    contracts: {
      list: AdminContract<z.ZodType<ListBody>, z.ZodType<{ total: number; rows: I[] }>>;
      get: AdminContract<undefined, z.ZodType<I>, typeof idParams>;
      credit: DecisionContract<I>;
      refuse: DecisionContract<I>;
    },
    queue: HeldQueue<I>,
  ): void {
    readRoutes(contracts.list, contracts.get, queue);
    for (const decision of ['credit', 'refuse'] as const) {
      adminRoute(app, table, {
        contract: contracts[decision],
        handler: ({ params, body, operator }) =>
          queue.decide(params.id, operator, decision, body.reason),
      });
    }
  }

  heldRoutes(
    {
      list: adminQrListContract,
      get: adminQrGetContract,
      credit: adminQrCreditContract,
      refuse: adminQrRefuseContract,
    },
    held.qr,
  );
  heldRoutes(
    {
      list: adminVoucherListContract,
      get: adminVoucherGetContract,
      credit: adminVoucherCreditContract,
      refuse: adminVoucherRefuseContract,
    },
    held.vouchers,
  );
  heldRoutes(
    {
      list: adminNoticeListContract,
      get: adminNoticeGetContract,
      credit: adminNoticeCreditContract,
      refuse: adminNoticeRefuseContract,
    },
    held.notices,
  );

  readRoutes(adminBankLineListContract, adminBankLineGetContract, lines);
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
    handler: ({ body, operator }) => lines.lookupMembers(operator, body.query),
  });

  readRoutes(adminSlipListContract, adminSlipGetContract, slips);
  adminRoute(app, table, {
    contract: adminSlipImageContract,
    handler: async ({ params, reply }) => {
      const image = await slips.image(params.id);
      return storedFileReply(reply, image.type, 'no-store').send(image.bytes);
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

  return async () => {
    const [qr, vouchers, notices, linesOfPerson, slipsOfPerson, linesOfSystem, slipsOfSystem] =
      await Promise.all([
        held.qr.count(),
        held.vouchers.count(),
        held.notices.count(),
        lines.count('person'),
        slips.count('person'),
        lines.count('system'),
        slips.count('system'),
      ]);
    return {
      needsPerson: { qr, vouchers, notices, 'bank-lines': linesOfPerson, slips: slipsOfPerson },
      refusedBySystem: { 'bank-lines': linesOfSystem, slips: slipsOfSystem },
    };
  };
}
