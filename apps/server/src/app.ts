import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createHttpSmsGateway } from '@/adapters/sms/http-sms-gateway.ts';
import type { SmsGateway } from '@/adapters/sms/sms-gateway.ts';
import type { AppDeps } from '@/app-deps.ts';
import type { Config } from '@/config.ts';
import { createDatabase } from '@/db/database.ts';
import { migrateToLatest } from '@/db/migrate.ts';
import { seedDemo } from '@/db/seed/seed-demo.ts';
import { systemClock, type Clock } from '@/lib/clock.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import { createPasswordHasher } from '@/lib/password.ts';
import { registerAccountRoutes } from '@/modules/account/account.routes.ts';
import { createAccountService } from '@/modules/account/account.service.ts';
import { registerAuthRoutes } from '@/modules/auth/auth.routes.ts';
import { createAuthService } from '@/modules/auth/auth.service.ts';
import { registerLookupRoutes } from '@/modules/lookup/lookup.routes.ts';
import { createLookupService } from '@/modules/lookup/lookup.service.ts';
import { registerOtpRoutes } from '@/modules/otp/otp.routes.ts';
import { createOtpService } from '@/modules/otp/otp.service.ts';
import { clientMarker } from '@/plugins/client-marker.ts';
import { errorEnvelope, sendCode } from '@/plugins/error-envelope.ts';
import { requestDeadline } from '@/plugins/request-deadline.ts';
import { securityHeaders } from '@/plugins/security-headers.ts';
import { serviceState } from '@/plugins/service-state.ts';
import { sessions } from '@/plugins/sessions.ts';
import { registerWebApp } from '@/plugins/web-app.ts';
import type { CounterStore } from '@/store/counter-store.ts';
import { createMemoryCounterStore } from '@/store/memory-counter-store.ts';
import { createRedisCounterStore } from '@/store/redis-counter-store.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type BuildAppOptions = {
  config: Config;
  clock?: Clock;
  sms?: SmsGateway;
  counters?: CounterStore;
  /** Fastify logger options; default pino at config.LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
};

/** JSON bodies of this API are small; anything larger is refused (BODY_TOO_LARGE). */
export const JSON_BODY_LIMIT = 64 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL, redact: ['req.headers.authorization'] },
    bodyLimit: JSON_BODY_LIMIT,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    trustProxy: config.TRUST_PROXY,
    // Malformed URLs and similar framework-level failures still answer with the envelope.
    frameworkErrors: (_error, _request, reply) => {
      void sendCode(reply, 'INVALID_REQUEST');
    },
  });
  app.removeContentTypeParser('text/plain');

  const db = await createDatabase({
    databaseUrl: config.DATABASE_URL,
    schema: config.DATABASE_SCHEMA,
    poolMax: config.DATABASE_POOL_MAX,
    pgliteDir: config.PGLITE_DIR,
  });
  const counters =
    options.counters ??
    (config.REDIS_URL
      ? createRedisCounterStore(config.REDIS_URL, config.REDIS_PREFIX)
      : createMemoryCounterStore());
  app.addHook('onClose', async () => {
    await counters.close();
    await db.destroy();
  });

  try {
    const applied = await migrateToLatest(
      db.kysely,
      config.DATABASE_URL ? config.DATABASE_SCHEMA : undefined,
    );
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    const clock = options.clock ?? systemClock;
    if (config.SEED_DEMO) await seedDemo(db.kysely, clock.now());

    const deps: AppDeps = {
      config,
      db,
      clock,
      counters,
      sms:
        options.sms ??
        createHttpSmsGateway({
          baseUrl: config.SMS_GATEWAY_URL,
          apiKey: config.SMS_API_KEY,
          timeoutMs: config.SMS_TIMEOUT_MS,
        }),
      passwords: createPasswordHasher({
        memoryCost: config.ARGON2_MEMORY_KIB,
        timeCost: config.ARGON2_TIME_COST,
        parallelism: config.ARGON2_PARALLELISM,
      }),
      log: app.log,
    };
    app.decorate('deps', deps);

    const lookup = createLookupService(deps);
    const otp = createOtpService(deps);
    const auth = createAuthService(deps);
    const account = createAccountService(deps, otp);

    const apiRoutes: ApiRouteTable = [];
    const onWebFallback = await registerWebApp(app, config.WEB_DIST_DIR);
    await app.register(errorEnvelope, { apiRoutes, onWebFallback });
    await app.register(securityHeaders);
    await app.register(requestDeadline, { timeoutMs: config.REQUEST_TIMEOUT_MS });
    await app.register(clientMarker);
    await app.register(serviceState, { db: db.kysely });
    await app.register(sessions, { auth });

    registerLookupRoutes(app, apiRoutes, lookup);
    registerOtpRoutes(app, apiRoutes, otp, config);
    registerAuthRoutes(app, apiRoutes, auth, config);
    registerAccountRoutes(app, apiRoutes, account, config);

    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
