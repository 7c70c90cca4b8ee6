import type { FastifyInstance } from 'fastify';
import {
  accountCreate,
  accountValidate,
  bankAccountNameUpdate,
  dateEraUpdate,
  changePassword,
  passwordForgot,
  passwordForgotBodySchema,
  passwordReset,
  passwordResetBodySchema,
  profileGet,
  profileUpdate,
  registerBodySchema,
} from '@mekong/contracts/account';
import type { Config } from '@/config.ts';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import type { AccountService } from '@/modules/account/account.service.ts';
import { sessionOf } from '@/plugins/sessions.ts';

export function registerAccountRoutes(
  app: FastifyInstance,
  routes: ApiRouteTable,
  account: AccountService,
  config: Config,
) {
  const registerBody = registerBodySchema(config.COUNTRY);

  contractRoute(app, routes, {
    contract: accountValidate,
    body: registerBody,
    handler: ({ body, request }) => account.validate(body, request.ip),
  });
  contractRoute(app, routes, {
    contract: accountCreate,
    body: registerBody,
    handler: ({ body, request }) => account.register(body, request.ip),
  });

  contractRoute(app, routes, {
    contract: passwordForgot,
    body: passwordForgotBodySchema(config.COUNTRY),
    handler: ({ body, request }) => account.forgotPassword(body.phoneNumber, request.ip),
  });
  contractRoute(app, routes, {
    contract: passwordReset,
    body: passwordResetBodySchema(config.COUNTRY),
    handler: ({ body }) =>
      account.resetPassword({
        phone: body.phoneNumber,
        otpToken: body.otpToken,
        password: body.password,
      }),
  });

  contractRoute(app, routes, {
    contract: profileGet,
    handler: ({ request }) => account.profile(sessionOf(request).memberId),
  });
  contractRoute(app, routes, {
    contract: profileUpdate,
    handler: ({ body, request }) => account.updateProfile(sessionOf(request), body),
  });
  contractRoute(app, routes, {
    contract: bankAccountNameUpdate,
    handler: ({ body, request }) => account.updateBankAccountName(sessionOf(request), body),
  });
  contractRoute(app, routes, {
    contract: dateEraUpdate,
    handler: ({ body, request }) => account.updateDateEra(sessionOf(request), body.dateEra),
  });
  contractRoute(app, routes, {
    contract: changePassword,
    handler: ({ body, request }) => account.changePassword(sessionOf(request), body),
  });
}
