import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  bonusActivate,
  bonusCheckActive,
  bonusCheckMinimum,
  bonusClear,
  bonusClearPreview,
  bonusList,
  bonusPreview,
  promotionActivate,
  promotionCurrent,
  promotionFind,
  promotionPreview,
} from '@mekong/contracts/bonus';
import { toMajor } from '@mekong/contracts/money';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import {
  bonusAnswer,
  bonusPreviewAnswer,
  clearPreviewAnswer,
  memberBonusAnswer,
  promotionAnswer,
} from '@/modules/bonus/bonus-answers.ts';
import type { BonusService } from '@/modules/bonus/bonus.service.ts';
import { sessionOf } from '@/plugins/sessions.ts';

/** docs/spec.md §7 Bonus and promotion; docs/decisions/0013-promotions.md#bonus. */
export function registerBonusRoutes(
  app: FastifyInstance,
  routes: ApiRouteTable,
  bonus: BonusService,
) {
  const memberOf = (request: FastifyRequest) => sessionOf(request).memberId;

  contractRoute(app, routes, {
    contract: bonusList,
    handler: async ({ request }) => ({
      bonuses: (await bonus.list(memberOf(request))).map(bonusAnswer),
    }),
  });
  contractRoute(app, routes, {
    contract: bonusActivate,
    handler: async ({ params, request }) => ({
      message: 'SUCCESS' as const,
      userBonus: memberBonusAnswer(await bonus.activate(memberOf(request), params.code)),
    }),
  });
  contractRoute(app, routes, {
    contract: bonusCheckActive,
    handler: async ({ request }) => {
      const memberId = memberOf(request);
      const view = await bonus.activeView(memberId);
      const withdrawable = view ? await bonus.withdrawable(memberId) : null;
      return {
        status: view !== null,
        type: view?.bonus.type ?? null,
        bonus: view ? memberBonusAnswer(view) : null,
        withdrawable: withdrawable ? toMajor(withdrawable.amountMinor) : null,
      };
    },
  });
  contractRoute(app, routes, {
    contract: bonusCheckMinimum,
    handler: async ({ request }) => {
      const result = await bonus.checkMinimum(memberOf(request));
      return {
        minimum: result.minimumMinor === null ? null : toMajor(result.minimumMinor),
        deposit: result.depositMinor === null ? null : toMajor(result.depositMinor),
        isEnough: result.isEnough,
      };
    },
  });
  contractRoute(app, routes, {
    contract: bonusPreview,
    handler: async ({ params, request }) => ({
      preview: bonusPreviewAnswer(await bonus.preview(memberOf(request), params.code)),
    }),
  });
  contractRoute(app, routes, {
    contract: promotionPreview,
    handler: async ({ params, request }) => ({
      preview: bonusPreviewAnswer(await bonus.preview(memberOf(request), params.code, 'promotion')),
    }),
  });
  contractRoute(app, routes, {
    contract: bonusClearPreview,
    handler: async ({ request }) => clearPreviewAnswer(await bonus.clearPreview(memberOf(request))),
  });
  contractRoute(app, routes, {
    contract: bonusClear,
    handler: async ({ request }) => ({
      message: 'BONUS_CLEAR' as const,
      forfeited: toMajor(await bonus.clear(memberOf(request))),
    }),
  });
  contractRoute(app, routes, {
    contract: promotionCurrent,
    handler: async ({ request }) => {
      const view = await bonus.activeView(memberOf(request));
      if (!view?.row.isPromotion) return { promotion: null, userBonus: null };
      return { promotion: promotionAnswer(view.bonus, true), userBonus: memberBonusAnswer(view) };
    },
  });
  contractRoute(app, routes, {
    contract: promotionFind,
    handler: async ({ params, request }) => {
      const found = await bonus.findPromotion(memberOf(request), params.code);
      return { promotion: promotionAnswer(found.bonus, found.isReceived) };
    },
  });
  contractRoute(app, routes, {
    contract: promotionActivate,
    handler: async ({ params, request }) => ({
      message: 'SUCCESS' as const,
      userBonus: memberBonusAnswer(await bonus.activatePromotion(memberOf(request), params.code)),
    }),
  });
}
