import type { FastifyInstance, FastifyRequest } from 'fastify';
import { QR_PROVIDERS, type QrProvider } from '@mekong/contracts/constants';
import {
  depositOptions,
  qrCancel,
  qrCreate,
  qrCreateChosen,
  qrGet,
  walletAdd,
  walletTruelink,
} from '@mekong/contracts/deposit';
import { toMajor, toMinor } from '@mekong/contracts/money';
import { AppError } from '@/lib/app-error.ts';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import { moneyStatusOf } from '@/lib/money-status.ts';
import type { DepositOptionsService } from '@/modules/deposit/deposit-options.service.ts';
import type { ManualDepositService } from '@/modules/deposit/manual-deposit.service.ts';
import type { QrService } from '@/modules/deposit/qr.service.ts';
import type { TrueLinkService } from '@/modules/deposit/truelink.service.ts';
import { sessionOf } from '@/plugins/sessions.ts';
import { optionalIdempotencyKeyOf } from '@/lib/idempotency-key.ts';

export const QR_WEBHOOK_PATH = '/api/hooks/qr';
/** Webhook bodies are small JSON notices. */
const WEBHOOK_BODY_LIMIT = 16 * 1024;
export function registerDepositRoutes(
  app: FastifyInstance,
  routes: ApiRouteTable,
  services: {
    qr: QrService;
    trueLink: TrueLinkService;
    notices: ManualDepositService;
    options: DepositOptionsService;
  },
) {
  const memberOf = (request: FastifyRequest) => sessionOf(request).memberId;

  contractRoute(app, routes, {
    contract: depositOptions,
    handler: ({ request }) => services.options.forMember(memberOf(request)),
  });

  contractRoute(app, routes, {
    contract: qrGet,
    handler: ({ params, request }) => services.qr.get(memberOf(request), params.providerCode),
  });
  contractRoute(app, routes, {
    contract: qrCreate,
    handler: ({ body, params, request }) =>
      services.qr.create(memberOf(request), params.providerCode, toMinor(body.amount)),
  });
  contractRoute(app, routes, {
    contract: qrCreateChosen,
    handler: ({ body, request }) =>
      services.qr.createChosen(memberOf(request), toMinor(body.amount)),
  });
  contractRoute(app, routes, {
    contract: qrCancel,
    handler: ({ body, params, request }) =>
      services.qr.cancel(memberOf(request), params.providerCode, body.qrcodeId),
  });

  contractRoute(app, routes, {
    contract: walletAdd,
    handler: async ({ body, request }) => {
      const notice = await services.notices.notify(
        memberOf(request),
        toMinor(body.amount),
        optionalIdempotencyKeyOf(request),
      );
      return {
        message: 'SUCCESS' as const,
        depositId: notice.id,
        status: moneyStatusOf(notice.status),
      };
    },
  });

  contractRoute(app, routes, {
    contract: walletTruelink,
    handler: async ({ body, request }) => {
      const result = await services.trueLink.redeem(memberOf(request), body.link);
      return {
        message: 'SUCCESS' as const,
        amount: toMajor(result.amountMinor),
        depositId: result.depositId,
      };
    },
  });

  // The QR gateways' paid notices: signed over the raw bytes, so this context keeps the body as a Buffer.
  routes.push({
    method: 'POST',
    path: `${QR_WEBHOOK_PATH}/:provider`,
    pattern: new RegExp(`^${QR_WEBHOOK_PATH}/[^/]+/?$`),
    summary: "A QR gateway's paid notice, signed over the raw body.",
  });
  void app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => {
        done(null, body);
      },
    );
    hooks.post<{ Params: { provider: string } }>(
      `${QR_WEBHOOK_PATH}/:provider`,
      async (request) => {
        const provider = request.params.provider.toUpperCase();
        if (!(QR_PROVIDERS as readonly string[]).includes(provider))
          throw new AppError('NOT_FOUND');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await services.qr.onPaidNotice(
          provider as QrProvider,
          raw,
          request.headers['x-signature'],
        );
        return { message: 'OK', ...outcome };
      },
    );
  });
}
