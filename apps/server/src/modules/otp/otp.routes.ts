import type { FastifyInstance } from 'fastify';
import { otpSend, otpSendBodySchema, otpVerify } from '@mekong/contracts/otp';
import type { Config } from '@/config.ts';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import type { OtpService } from '@/modules/otp/otp.service.ts';

export function registerOtpRoutes(
  app: FastifyInstance,
  routes: ApiRouteTable,
  otp: OtpService,
  config: Config,
) {
  contractRoute(app, routes, {
    contract: otpSend,
    body: otpSendBodySchema(config.COUNTRY),
    handler: ({ body, request }) => otp.send(body.phoneNumber, request.ip, body.otpToken),
  });
  contractRoute(app, routes, {
    contract: otpVerify,
    handler: ({ body, request }) => otp.verify(body.otpToken, body.otpCode, request.ip),
  });
}
