import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { DestinationStream } from 'pino';
import { createAdapters, type AdapterOverrides } from '@/app-adapters.ts';
import type { AppDeps } from '@/app-deps.ts';
import { trustProxyOption, type Config } from '@/config.ts';
import { createDatabase, type DatabaseOptions } from '@/db/database.ts';
import { migrateToLatest } from '@/db/migrate.ts';
import { seedDemo } from '@/db/seed/seed-demo.ts';
import { seedDemoHowto } from '@/db/seed/demo-howto.ts';
import { seedDemoOperators } from '@/db/seed/demo-operators.ts';
import { systemClock, type Clock } from '@/lib/clock.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import { createPasswordHashers } from '@/lib/password.ts';
import { registerBonusJobs } from '@/jobs/bonus-jobs.ts';
import { registerGameJobs } from '@/jobs/game-jobs.ts';
import { registerHousekeepingJobs } from '@/jobs/housekeeping-jobs.ts';
import { registerMoneyInJobs } from '@/jobs/money-in-jobs.ts';
import { registerMoneyOutJobs } from '@/jobs/money-out-jobs.ts';
import { createJobScheduler, type JobScheduler } from '@/jobs/job-scheduler.ts';
import { createMetrics } from '@/lib/metrics.ts';
import { requestIdOf } from '@/lib/request-context.ts';
import { ledgerHealth } from '@/modules/ledger/ledger.service.ts';
import { observability } from '@/plugins/observability.ts';
import { registerAccountRoutes } from '@/modules/account/account.routes.ts';
import { registerBonusAdminRoutes } from '@/modules/bonus/bonus-admin.routes.ts';
import { createBonusAdminService } from '@/modules/bonus/bonus-admin.service.ts';
import { registerBonusRoutes } from '@/modules/bonus/bonus.routes.ts';
import { createBonusService, type BonusService } from '@/modules/bonus/bonus.service.ts';
import { registerDepositRoutes } from '@/modules/deposit/deposit.routes.ts';
import { registerInviteRoutes } from '@/modules/invite/invite.routes.ts';
import { createInviteService } from '@/modules/invite/invite.service.ts';
import { registerRefundRoutes } from '@/modules/refund/refund.routes.ts';
import { createRefundService } from '@/modules/refund/refund.service.ts';
import {
  createDepositOptionsService,
  type DepositOptionsService,
} from '@/modules/deposit/deposit-options.service.ts';
import {
  createManualDepositService,
  type ManualDepositService,
} from '@/modules/deposit/manual-deposit.service.ts';
import { checkMoneyInConfig, trueLinkSecret } from '@/modules/deposit/money-in-config.ts';
import { createQrService, type QrService } from '@/modules/deposit/qr.service.ts';
import { createTrueLinkService, type TrueLinkService } from '@/modules/deposit/truelink.service.ts';
import { registerSlipRoutes } from '@/modules/slip/slip.routes.ts';
import { createSlipService, type SlipService } from '@/modules/slip/slip.service.ts';
import { createGamesService, type GamesService } from '@/modules/games/games.service.ts';
import { registerWalletRoutes } from '@/modules/wallet/wallet.routes.ts';
import { createWalletService, type WalletService } from '@/modules/wallet/wallet.service.ts';
import {
  createBankFeedService,
  type BankFeedService,
} from '@/modules/bank-feed/bank-feed.service.ts';
import { createAccountService } from '@/modules/account/account.service.ts';
import { registerAuthRoutes } from '@/modules/auth/auth.routes.ts';
import { createAuthService } from '@/modules/auth/auth.service.ts';
import { registerLookupRoutes } from '@/modules/lookup/lookup.routes.ts';
import { createLookupService } from '@/modules/lookup/lookup.service.ts';
import { registerOtpRoutes } from '@/modules/otp/otp.routes.ts';
import { createOtpService } from '@/modules/otp/otp.service.ts';
import { registerPromotionRatesRoutes } from '@/modules/promotion-rates/promotion-rates.routes.ts';
import { createPromotionRatesService } from '@/modules/promotion-rates/promotion-rates.service.ts';
import { registerSpinwheelAdminRoutes } from '@/modules/spinwheel/spinwheel-admin.routes.ts';
import { createSpinwheelAdminService } from '@/modules/spinwheel/spinwheel-admin.service.ts';
import { registerSpinwheelRoutes } from '@/modules/spinwheel/spinwheel.routes.ts';
import { createSpinwheelService } from '@/modules/spinwheel/spinwheel.service.ts';
import { withdrawPromotionHooks } from '@/modules/spinwheel/prize-turnover.ts';
import { registerStatementRoutes } from '@/modules/statement/statement.routes.ts';
import { registerWaitingMoneyRoutes } from '@/modules/statement/waiting-money.routes.ts';
import { createWaitingMoneyService } from '@/modules/statement/waiting-money.service.ts';
import { createStatementService } from '@/modules/statement/statement.service.ts';
import { registerWithdrawalRoutes } from '@/modules/withdrawal/withdrawal.routes.ts';
import { registerWithdrawCheckRoutes } from '@/modules/withdrawal/withdraw-check.routes.ts';
import { createWithdrawCheckService } from '@/modules/withdrawal/withdraw-check.service.ts';
import {
  createWithdrawalService,
  type WithdrawalService,
} from '@/modules/withdrawal/withdrawal.service.ts';
import { SLIP_UPLOAD_TIMEOUT_MS } from '@mekong/contracts/constants';
import { clientMarker } from '@/plugins/client-marker.ts';
import { errorEnvelope, sendCode } from '@/plugins/error-envelope.ts';
import { requestDeadline } from '@/plugins/request-deadline.ts';
import { securityHeaders } from '@/plugins/security-headers.ts';
import { serviceState } from '@/plugins/service-state.ts';
import { sessions } from '@/plugins/sessions.ts';
import { serializeRequest } from '@/plugins/request-log.ts';
import { loadHomeRenderer } from '@/plugins/member-home-page.ts';
import { registerWebApp } from '@/plugins/web-app.ts';
import { REPLAYED_MONEY_CALLS, registerMoneyReplies } from '@/modules/money-replies/index.ts';
import { isBackofficePath, registerBackofficeApp } from '@/plugins/backoffice-app.ts';
import { registerApiDocs } from '@/modules/api-docs/api-docs.routes.ts';
import { setUpAudit } from '@/modules/audit/audit-anchor.ts';
import { registerAuditRoutes } from '@/modules/audit/audit.routes.ts';
import { registerJobsAdminRoutes } from '@/modules/jobs-admin/jobs-admin.routes.ts';
import { registerOperatorNoticesRoutes } from '@/modules/operator-notices/operator-notices.routes.ts';
import { createJobsAdminService } from '@/modules/jobs-admin/jobs-admin.service.ts';
import { registerChat } from '@/modules/chat/chat-setup.ts';
import { registerOperatorAuthRoutes } from '@/modules/operators/operator-auth.routes.ts';
import {
  createOperatorAuthService,
  type OperatorAuthService,
} from '@/modules/operators/operator-auth.service.ts';
import { registerWorkClaimRoutes } from '@/modules/work-claims/work-claims.routes.ts';
import { registerWithdrawalReviewRoutes } from '@/modules/withdrawal-review/withdrawal-review.routes.ts';
import { createWithdrawalReviewService } from '@/modules/withdrawal-review/withdrawal-review.service.ts';
import { createPayoutReviewService } from '@/modules/withdrawal-review/payout-review.service.ts';
import { registerOperatorsAdminRoutes } from '@/modules/operators/operators-admin.routes.ts';
import { createOperatorsAdminService } from '@/modules/operators/operators-admin.service.ts';
import { registerReportRoutes } from '@/modules/reports/reports.routes.ts';
import { registerAdminDepositRoutes } from '@/modules/admin-deposits/admin-deposits.routes.ts';
import { registerQueueCountRoutes } from '@/modules/queue-counts/queue-counts.routes.ts';
import { registerHowtoRoutes } from '@/modules/howto/howto.routes.ts';
import { createHowtoService } from '@/modules/howto/howto.service.ts';
import { registerSettingsAdmin } from '@/modules/settings/settings-admin.setup.ts';
import { findSettingCached } from '@/modules/settings/settings.repository.ts';
import { registerAgreementRoutes } from '@/modules/agreement/agreement.routes.ts';
import { createAgreementService } from '@/modules/agreement/agreement.service.ts';
import {
  createWorkClaimsService,
  type WorkClaimsService,
} from '@/modules/work-claims/work-claims.service.ts';
import { createAdjustmentsService } from '@/modules/members/adjustments.service.ts';
import { createMemberActionsService } from '@/modules/members/member-actions.service.ts';
import { registerMemberAdminRoutes } from '@/modules/members/members.routes.ts';
import { createMembersService } from '@/modules/members/members.service.ts';
import type { CounterStore } from '@/store/counter-store.ts';
import { createSessionEnds } from '@/lib/session-ends.ts';
import { createMemoryCounterStore } from '@/store/memory-counter-store.ts';
import { createRedisCounterStore } from '@/store/redis-counter-store.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    deps: AppDeps;
    /** Background jobs (started only with BuildAppOptions.isJobsEnabled); tests run them with runNow. */
    jobs: JobScheduler;
    /** Money core services the jobs and tests call directly (reconcilePending, syncAll, …). */
    moneyCore: { games: GamesService; wallet: WalletService };
    /** Promotions services the jobs and tests call directly (expireDue, …). */
    promotions: { bonus: BonusService };
    /** Money-out services the back office and the jobs call (and tests call directly). */
    moneyOut: { withdrawals: WithdrawalService; bankFeed: BankFeedService };
    /** Money-in services the back office and the jobs call (and tests call directly). */
    moneyIn: {
      qr: QrService;
      slips: SlipService;
      trueLink: TrueLinkService;
      notices: ManualDepositService;
      options: DepositOptionsService;
    };
    /** Back-office sign-in (docs/decisions/0014-back-office.md); adminRoute authenticates with it. */
    operatorAuth: OperatorAuthService;
    /** Every API route registered from a contract (method and path pattern): the permission test walks them. */
    apiRoutes: ApiRouteTable;
    /** Queue claims, which every back-office decision checks. */
    workClaims: WorkClaimsService;
    /** The chat sockets' session check, run every minute (tests run it at once). */
    chatSockets: { check(): Promise<void> };
  }
}
export const MANUAL_DEPOSIT_MATCH_JOB = 'manual-deposit-match';

export type BuildAppOptions = AdapterOverrides & {
  config: Config;
  clock?: Clock;
  /** Start the background jobs (server.ts: JOBS_ENABLED); default false, so tests never run them unasked. */
  isJobsEnabled?: boolean;
  counters?: CounterStore;
  /** Where the pino log lines go (tests capture them); default standard output. */
  logStream?: DestinationStream;
  pgliteStart?: DatabaseOptions['pgliteStart'];
};

/** JSON bodies of this API are small; anything larger is refused (BODY_TOO_LARGE). */
export const JSON_BODY_LIMIT = 64 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization'],
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: requestIdOf,
    bodyLimit: JSON_BODY_LIMIT,
    // Node's whole-request limit: a slip upload may take 300 s (docs/spec.md §9); other calls get their 60 s deadline from
    // the request-deadline plugin.
    requestTimeout: Math.max(config.REQUEST_TIMEOUT_MS, SLIP_UPLOAD_TIMEOUT_MS),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Malformed URLs and similar framework-level failures still answer with the envelope.
    frameworkErrors: (_error, _request, reply) => {
      void sendCode(reply, 'INVALID_REQUEST');
    },
  });
  app.removeContentTypeParser('text/plain');
  checkMoneyInConfig(config);
  const db = await createDatabase({
    databaseUrl: config.DATABASE_URL,
    schema: config.DATABASE_SCHEMA,
    poolMax: config.DATABASE_POOL_MAX,
    pgliteDir: config.PGLITE_DIR,
    pgliteStart: options.pgliteStart,
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
    if (config.SEED_DEMO) await seedDemo(db.kysely, clock.now(), config.SEED_SLIP_WINDOW);
    if (config.SEED_DEMO && config.SEED_DEMO_VIDEOS) await seedDemoHowto(db.kysely, clock.now());

    const deps: AppDeps = {
      config,
      db,
      clock,
      counters,
      ...createAdapters(config, options),
      ...createPasswordHashers(config),
      sessionEnds: createSessionEnds(),
      log: app.log,
    };
    app.decorate('deps', deps);

    const lookup = createLookupService(deps);
    const otp = createOtpService(deps);
    const auth = createAuthService(deps);
    const account = createAccountService(deps, otp);
    const games = createGamesService(deps);
    const wallet = createWalletService(deps, games, account);
    app.decorate('moneyCore', { games, wallet });
    const metrics = createMetrics({
      ledgerHealth: () => ledgerHealth(db.kysely, clock.now()),
      now: () => clock.now(),
    });
    const jobs = createJobScheduler({
      config,
      db,
      clock,
      log: app.log,
      onRunEnd: metrics.observeJob,
    });
    app.decorate('jobs', jobs);
    registerGameJobs(jobs, games, config);
    registerHousekeepingJobs(jobs, deps);
    setUpAudit(jobs, deps);
    if (options.isJobsEnabled) app.addHook('onReady', async () => jobs.start());
    app.addHook('onClose', async () => jobs.stop());
    const bonus = createBonusService(deps, wallet, games);
    app.decorate('promotions', { bonus });
    registerBonusJobs(jobs, bonus);
    const withdrawals = createWithdrawalService(deps, {
      gatherGames: wallet.gatherToWallet,
      bonus: withdrawPromotionHooks(deps),
    });
    const statement = createStatementService(deps);
    const bankFeed = createBankFeedService(deps);
    app.decorate('moneyOut', { withdrawals, bankFeed });
    registerMoneyOutJobs(jobs, { withdrawals, bankFeed }, config);
    const moneyIn = {
      qr: createQrService(deps, deps.qr),
      slips: createSlipService(deps, deps.slipVerifier),
      trueLink: createTrueLinkService(deps, deps.vouchers),
      notices: createManualDepositService(deps),
      options: createDepositOptionsService(deps),
    };
    app.decorate('moneyIn', moneyIn);
    jobs.add({
      name: MANUAL_DEPOSIT_MATCH_JOB,
      intervalMs: config.MANUAL_DEPOSIT_MATCH_INTERVAL_MS,
      run: () => moneyIn.notices.matchWithBankFeed(),
    });
    registerMoneyInJobs(jobs, moneyIn);
    const operatorAuth = createOperatorAuthService(deps);
    app.decorate('operatorAuth', operatorAuth);
    if (config.SEED_DEMO && config.DEMO_OPERATORS_FILE) {
      const isNew = await seedDemoOperators(db.kysely, operatorAuth, config.DEMO_OPERATORS_FILE);
      if (isNew)
        app.log.info({ file: config.DEMO_OPERATORS_FILE }, 'demo back-office operators written');
    }
    const workClaims = createWorkClaimsService(deps);
    app.decorate('workClaims', workClaims);
    app.decorateRequest('operator', null);

    const apiRoutes: ApiRouteTable = [];
    app.decorate('apiRoutes', apiRoutes);
    const onMemberWeb = await registerWebApp(app, config.WEB_DIST_DIR, {
      trueLinkSecret: trueLinkSecret(config),
      // Every HTML page carries it: read through the settings cache (a few seconds), pages being many.
      brand: () => findSettingCached(db.kysely, 'brand'),
      memberHome: {
        authenticate: (homeKey) => auth.authenticateHomeKey(homeKey),
        // The web app's server build, written beside its build by apps/web/scripts/prerender.mjs.
        renderer: loadHomeRenderer(
          path.join(config.WEB_DIST_DIR, '..', 'dist-ssr', 'prerender.js'),
        ),
      },
    });
    const onBackoffice = await registerBackofficeApp(app, config.BACKOFFICE_DIST_DIR);
    const onWebFallback = (request: FastifyRequest, reply: FastifyReply) =>
      isBackofficePath(request.url) ? onBackoffice(request, reply) : onMemberWeb(request, reply);
    await app.register(observability, {
      metrics,
      isMetricsPublic: config.METRICS_ON_PUBLIC_PORT,
      checks: [
        { name: 'database', check: async () => (await sql`select 1`.execute(db.kysely), 'ok') },
        {
          name: 'redis',
          check: async () => (config.REDIS_URL ? (await counters.ping(), 'ok') : 'disabled'),
        },
        {
          name: 'jobs',
          check: async () => {
            if (!options.isJobsEnabled) return 'disabled';
            if (!jobs.isRunning) throw new Error('job engine (pg-boss) not started');
            return 'ok';
          },
        },
      ],
    });
    await app.register(errorEnvelope, { apiRoutes, onWebFallback });
    await app.register(securityHeaders);
    await app.register(requestDeadline, { timeoutMs: config.REQUEST_TIMEOUT_MS });
    await app.register(clientMarker);
    await app.register(serviceState, { db: db.kysely });
    await app.register(sessions, { auth });
    registerMoneyReplies(app, deps, REPLAYED_MONEY_CALLS);

    registerLookupRoutes(app, apiRoutes, lookup);
    registerOtpRoutes(app, apiRoutes, otp, config);
    registerAuthRoutes(app, apiRoutes, auth, config);
    registerAccountRoutes(app, apiRoutes, account, config);
    registerWalletRoutes(app, apiRoutes, wallet, games);
    registerWithdrawalRoutes(app, apiRoutes, withdrawals);
    registerStatementRoutes(app, apiRoutes, statement);
    registerWithdrawCheckRoutes(app, apiRoutes, createWithdrawCheckService(deps));
    registerWaitingMoneyRoutes(app, apiRoutes, createWaitingMoneyService(deps));
    registerDepositRoutes(app, apiRoutes, moneyIn);
    registerSlipRoutes(app, apiRoutes, moneyIn.slips);
    registerInviteRoutes(app, apiRoutes, createInviteService(deps));
    registerBonusRoutes(app, apiRoutes, bonus);
    registerSpinwheelRoutes(app, apiRoutes, createSpinwheelService(deps));
    registerRefundRoutes(app, apiRoutes, createRefundService(deps));
    registerOperatorAuthRoutes(app, apiRoutes, operatorAuth);
    registerAuditRoutes(app, apiRoutes);
    registerJobsAdminRoutes(app, apiRoutes, createJobsAdminService(deps, jobs));
    registerOperatorNoticesRoutes(app, apiRoutes);
    registerWorkClaimRoutes(app, apiRoutes, workClaims);
    registerMemberAdminRoutes(app, apiRoutes, {
      members: createMembersService(deps),
      actions: createMemberActionsService(deps, otp),
      adjustments: createAdjustmentsService(deps),
    });
    const moneyOut = {
      withdrawals: createWithdrawalReviewService(deps, withdrawals, workClaims),
      payouts: createPayoutReviewService(deps, withdrawals, workClaims),
    };
    registerWithdrawalReviewRoutes(app, apiRoutes, moneyOut);
    const bonusAdmin = createBonusAdminService(deps);
    registerBonusAdminRoutes(app, apiRoutes, bonusAdmin);
    registerSpinwheelAdminRoutes(app, apiRoutes, createSpinwheelAdminService(deps, bonusAdmin));
    registerPromotionRatesRoutes(app, apiRoutes, createPromotionRatesService(deps));
    registerOperatorsAdminRoutes(app, apiRoutes, createOperatorsAdminService(deps));
    registerReportRoutes(app, apiRoutes);
    registerQueueCountRoutes(app, apiRoutes, {
      withdrawals: () => moneyOut.withdrawals.count(),
      payouts: () => moneyOut.payouts.count(),
      moneyIn: registerAdminDepositRoutes(app, apiRoutes, workClaims),
    });
    registerSettingsAdmin(app, apiRoutes, jobs, deps, games);
    registerHowtoRoutes(app, apiRoutes, createHowtoService(deps));
    registerAgreementRoutes(app, apiRoutes, createAgreementService(deps));
    app.decorate(
      'chatSockets',
      registerChat(app, apiRoutes, deps, { auth, operatorAuth, slips: moneyIn.slips }),
    );
    await registerApiDocs(app, apiRoutes);

    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
