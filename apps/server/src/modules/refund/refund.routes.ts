import type { FastifyInstance } from 'fastify';
import { toMajor } from '@mekong/contracts/money';
import {
  refundAddWallet,
  refundBanners,
  refundCheck,
  refundLog,
  refundReceive,
} from '@mekong/contracts/refund';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import type { RefundService } from '@/modules/refund/refund.service.ts';
import { sessionOf } from '@/plugins/sessions.ts';

export function registerRefundRoutes(
  app: FastifyInstance,
  routes: ApiRouteTable,
  refunds: RefundService,
) {
  contractRoute(app, routes, {
    contract: refundCheck,
    handler: async ({ request }) => {
      const view = await refunds.check(sessionOf(request).memberId);
      const { setting } = view;
      return {
        result: view.canReceive,
        bonus: view.hasActiveBonus,
        info: {
          percent: setting.percent,
          minimum: toMajor(BigInt(setting.minimumMinor)),
          maximum: setting.maximumMinor === null ? null : toMajor(BigInt(setting.maximumMinor)),
          weekStart: view.week.start.toISOString(),
          weekEnd: view.week.end.toISOString(),
          netLoss: toMajor(view.netLossMinor),
          isReceived: view.isReceived,
        },
        refundAmount: toMajor(view.amountMinor),
        refundSuccess: toMajor(view.receivedMinor),
        refundFail: toMajor(view.lapsedMinor),
      };
    },
  });

  // The spec's two names of one receipt (docs/decisions/0013-promotions.md#refund-of-losses).
  for (const contract of [refundReceive, refundAddWallet]) {
    contractRoute(app, routes, {
      contract,
      handler: async ({ request }) => {
        const { amountMinor, transferId } = await refunds.receive(sessionOf(request).memberId);
        return {
          message: 'REFUND_SUCCESS' as const,
          refundAmount: toMajor(amountMinor),
          transferId,
        };
      },
    });
  }

  contractRoute(app, routes, {
    contract: refundLog,
    handler: async ({ body, request }) => {
      const { total, claims } = await refunds.log(sessionOf(request).memberId, body);
      return {
        total,
        refunds: claims.map((c) => ({
          _id: c.id,
          refundAmount: toMajor(c.amountMinor),
          createdAt: c.createdAt.toISOString(),
          weekStart: c.weekStart.toISOString(),
        })),
      };
    },
  });

  contractRoute(app, routes, {
    contract: refundBanners,
    handler: async () => ({ banners: await refunds.banners() }),
  });
}
