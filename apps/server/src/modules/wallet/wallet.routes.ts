import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toMajor, toMinor } from '@mekong/contracts/money';
import {
  autoLogin,
  autoLoginWithPassword,
  walletAccount,
  walletActivate,
  walletGet,
  walletRefreshSlot,
  walletRefreshSlotOne,
  walletResetPassword,
  walletTransfer,
  walletTransferAll,
} from '@mekong/contracts/wallet';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import { idempotencyKeyOf } from '@/lib/idempotency-key.ts';
import { moneyAnswer } from '@/lib/money-answer.ts';
import type { GamesService } from '@/modules/games/games.service.ts';
import { gameEntry, walletAnswer } from '@/modules/wallet/wallet-answers.ts';
import type { WalletService } from '@/modules/wallet/wallet.service.ts';
import { sessionOf } from '@/plugins/sessions.ts';

export function registerWalletRoutes(
  app: FastifyInstance,
  routes: ApiRouteTable,
  wallet: WalletService,
  games: GamesService,
) {
  const memberOf = (request: FastifyRequest) => sessionOf(request).memberId;

  contractRoute(app, routes, {
    contract: walletGet,
    handler: async ({ request }) => walletAnswer(await wallet.getWallet(memberOf(request))),
  });
  contractRoute(app, routes, {
    contract: walletRefreshSlot,
    handler: async ({ request }) => walletAnswer(await wallet.refresh(memberOf(request))),
  });
  contractRoute(app, routes, {
    contract: walletRefreshSlotOne,
    handler: async ({ params, request }) => {
      const provider = await games.enabledProvider(params.code);
      return walletAnswer(await wallet.refresh(memberOf(request), provider.code));
    },
  });
  contractRoute(app, routes, {
    contract: walletActivate,
    handler: async ({ params, request }) => {
      const provider = await games.activate(memberOf(request), params.code);
      return { message: 'SUCCESS' as const, slot: gameEntry(provider, true, 0n) };
    },
  });
  contractRoute(app, routes, {
    contract: walletAccount,
    handler: ({ params, request }) => games.account(memberOf(request), params.code),
  });
  contractRoute(app, routes, {
    contract: walletResetPassword,
    handler: ({ params, request }) => games.resetPassword(memberOf(request), params.code),
  });
  contractRoute(app, routes, {
    contract: walletTransfer,
    handler: async ({ body, request, reply }) => {
      const key = idempotencyKeyOf(request);
      const { from, to, amount } = body;
      const input = { from, to, amountMinor: toMinor(amount) };
      const result = await wallet.transfer(memberOf(request), input, key);
      return { message: moneyAnswer(reply, result.status, 'TRANSFER_PENDING'), ...result };
    },
  });
  contractRoute(app, routes, {
    contract: walletTransferAll,
    handler: async ({ body, request, reply }) => {
      const key = idempotencyKeyOf(request);
      const result = await wallet.transferAll(memberOf(request), body, key);
      return {
        message: moneyAnswer(reply, result.status, 'TRANSFER_PENDING'),
        amount: toMajor(result.amountMinor),
      };
    },
  });
  contractRoute(app, routes, {
    contract: autoLogin,
    handler: ({ params, request }) => {
      const { provider, username } = params;
      return games.autoLogin(memberOf(request), provider, username);
    },
  });
  contractRoute(app, routes, {
    contract: autoLoginWithPassword,
    handler: ({ params, request }) => {
      const { provider, username, password } = params;
      return games.autoLogin(memberOf(request), provider, username, password);
    },
  });
}
