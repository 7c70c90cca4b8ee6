import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { COUNTRIES } from '@mekong/contracts/constants';
import { SANDBOX_DEFAULT_SECRETS } from '@mekong/contracts/installation-secrets';
import { productionProblems } from '@/config-production.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const integer = (min: number, max: number) =>
  z.coerce.number({ error: 'must be a number' }).int('must be an integer').min(min).max(max);

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** The outside parties with an API key: each key's default is the sandbox's published one. */
type KeyedParty = 'SMS' | 'BANK' | 'GAME' | 'QR' | 'SLIP';

const partySettings = (url: string, key: string, timeoutMs: number) => ({
  url: httpUrl.default(url),
  key: z.string().min(1).default(key),
  timeout: integer(100, 120_000).default(timeoutMs),
});
type PartySettings = ReturnType<typeof partySettings>;

/** An outside party's `<urlName>`, `<party>_API_KEY` and `<party>_TIMEOUT_MS` (the call timeout). */
function outsideParty<P extends KeyedParty, U extends string>(
  party: P,
  urlName: U,
  url: string,
  timeoutMs: number,
) {
  const settings = partySettings(url, SANDBOX_DEFAULT_SECRETS[`${party}_API_KEY`], timeoutMs);
  return {
    [urlName]: settings.url,
    [`${party}_API_KEY`]: settings.key,
    [`${party}_TIMEOUT_MS`]: settings.timeout,
  } as Record<U, PartySettings['url']> &
    Record<`${P}_API_KEY`, PartySettings['key']> &
    Record<`${P}_TIMEOUT_MS`, PartySettings['timeout']>;
}

// proxy-addr's names for address ranges, accepted in a TRUST_PROXY list.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may tell the client's address in X-Forwarded-For: none (`false`), the nearest N hops (a number), or the
 * listed proxies (addresses, CIDR ranges, or loopback/linklocal/uniquelocal). `true` (everyone) is refused: any client
 * could then pick the address its per-IP limits are counted under.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((text, ctx): false | number | string[] => {
    if (text === 'false' || text === '0' || text === 'no') return false;
    if (/^\d{1,2}$/.test(text)) return Number(text);
    const entries = text.split(',').map((e) => e.trim());
    if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        text === 'true' || text === 'yes'
          ? 'true would trust every client; give the hop count or the proxy addresses'
          : 'must be false, a hop count, or a comma-separated list of proxy addresses/CIDR ranges',
    });
    return z.NEVER;
  });

/** Fastify's trustProxy for the setting (its types lack the hop count its runtime takes, so hops become a function). */
export function trustProxyOption(setting: false | number | string[]) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

const optionalUrl = (protocols: RegExp) =>
  z.url({ protocol: protocols, error: 'must be a valid URL' }).optional();

/**
 * Every setting of the server, read from environment variables (docs/design.md#running).
 * Name → meaning (default):
 * - PORT (3000), HOST (0.0.0.0): where the HTTP server listens.
 * - DATABASE_URL: PostgreSQL connection string; without it the embedded PGlite is used (development only: required in
 *   production).
 * - DATABASE_SCHEMA: PostgreSQL schema to use (search_path of every pooled connection); default public.
 * - DATABASE_POOL_MAX (10): PostgreSQL pool size.
 * - PGLITE_DIR (<repo>/data/pglite): PGlite data directory, or 'memory://' for an in-memory database.
 * - REDIS_URL: Redis for rate limits and counters; without it they are kept in memory (one process only).
 * - REDIS_PREFIX (mekong:): prefix of every Redis key.
 * - COUNTRY (TH): TH or LA; decides the phone rule and the currency choice.
 * - SMS_GATEWAY_URL (http://127.0.0.1:3001/sms), SMS_API_KEY (sandbox-sms-key), SMS_TIMEOUT_MS (10000): the one-time-code gateway.
 * - OTP_DAILY_LIMIT_PHONE (5): one-time codes a phone gets per 24 hours, for each purpose apart (registration; the
 *   member's reset; resets support sends). OTP_DAILY_LIMIT_PHONE_IP (3): of those, what one client address may ask for.
 * - OTP_DAILY_LIMIT_IP (200), OTP_HOURLY_LIMIT_IP (30): one-time codes one client address may have sent per 24 hours
 *   and per hour (many members share a carrier-NAT address; docs/decisions/0009-account-security.md#one-time-codes).
 * - SMS_DAILY_LIMIT (1000): SMS the server sends in 24 hours, all phones together (the operator's SMS cost); past it,
 *   one-time codes answer OTP_SEND_PAUSED and nothing is sent.
 * - PHONE_LOOKUP_LIMIT_IP_DAY (300), PHONE_LOOKUP_LIMIT_IP_MINUTE (20): answers that tell whether a phone is
 *   registered (one-time code send, registration with codes off) one client address may get a day and a minute.
 * - AUTH_GLOBAL_LIMIT_PER_MINUTE (600): wrong sign-ins, and phone look-ups (register validate, one-time code send), per
 *   minute from all clients together (REQUEST_LIMIT_1MIN past it); docs/decisions/0009-account-security.md.
 * - WEB_DIST_DIR (<repo>/apps/web/dist): the built web app served at /.
 * - SEED_DEMO (true; false in production, where true is refused): insert demo data (banks, demo deposit accounts,
 *   bonuses, the wheel, operator settings) at start, idempotently.
 * - SEED_DEMO_VIDEOS (true): with SEED_DEMO, load the recorded how-to videos (apps/server/demo-content/howto) as
 *   operator content when the how-to setting was never written (docs/decisions/0020-howto-videos.md).
 * - DEMO_OPERATORS_FILE (none): with SEED_DEMO, where the demo back-office operators (one per role, random passwords)
 *   are written when the database has no operator yet; `npm start` sets data/demo-operators.json. Never in production.
 * - BACKOFFICE_DIST_DIR (<repo>/apps/backoffice/dist): the built back office served at /backoffice.
 * - SEED_SLIP_WINDOW (23:30-00:30): the demo's daily slip closed window (players' time), or `open`; only what an
 *   empty database is seeded with (the browser tests seed `open`, so they pass at any hour).
 * - LOG_LEVEL (info): pino level (fatal, error, warn, info, debug, trace, silent).
 * - TRUST_PROXY (false): whose X-Forwarded-For gives the client IP: false, a hop count (1 = the one proxy in front), or
 *   a comma-separated list of proxy addresses/CIDR ranges; `true` is refused.
 * - ARGON2_MEMORY_KIB (19456), ARGON2_TIME_COST (2), ARGON2_PARALLELISM (1): password hashing (OWASP Argon2id).
 * - ARGON2_MAX_CONCURRENCY (2), ARGON2_MAX_QUEUE (200): password hashes run at once, and waiting; past the queue a
 *   sign-in answers SERVICE_UNAVAILABLE rather than exhausting memory and CPU.
 * - REQUEST_TIMEOUT_MS (60000): a request not answered by then gets SERVICE_UNAVAILABLE.
 * - BANK_API_URL (http://127.0.0.1:3001/bank), BANK_API_KEY (sandbox-bank-key), BANK_TIMEOUT_MS (15000): the bank (payouts, incoming feed).
 * - BANK_FEED_INTERVAL_MS (10000): how often the incoming bank feed is read (deposits credited within a minute).
 * - PAYOUT_RECONCILE_INTERVAL_MS (15000): how often payouts with an unknown outcome are settled by asking the bank.
 * - PAYOUT_MAX_RESENDS (3): how many times a payout the bank never saw is sent again; then it waits for an operator.
 * - NODE_ENV (development): production refuses to start (naming the setting) while an adapter URL is not https or
 *   points at this machine or the sandbox, a key or secret is unset, a published sandbox default, or under 32 bytes,
 *   DATABASE_URL or PUBLIC_URL is unset, PUBLIC_URL is not a public https address, or SEED_DEMO is asked for
 *   (config-production.ts, docs/operations.md#production). `npm start` generates every key and secret once per
 *   installation (data/secrets.json).
 * - GAME_PROVIDER_URL (http://127.0.0.1:3001/games), GAME_API_KEY (sandbox-game-key), GAME_TIMEOUT_MS (10000): the game
 *   providers (each under <url>/<CODE>).
 * - GAME_CREDENTIALS_KEY: 32-byte key (64 hex digits or base64) encrypting members' game passwords (AES-256-GCM);
 *   required in production, a fixed development key otherwise.
 * - GAME_SYNC_INTERVAL_MS (60000): how often every active game balance is synced from the providers (job).
 * - GAME_RECONCILE_INTERVAL_MS (10000), GAME_RECONCILE_AFTER_MS (30000): how often, and from what age, pending game
 *   transfers are settled by asking the provider for the status of their reference.
 * - GAME_NOT_FOUND_VOID_AFTER_MS (300000): a pending game transfer the provider has never seen is voided only once it
 *   is this old (so a request still on its way cannot be applied after the void).
 * - JOBS_ENABLED (true): run the background jobs in this process (server.ts only; tests never start them).
 * - METRICS_PORT (unset), METRICS_HOST (127.0.0.1): Prometheus metrics at http://<host>:<port>/metrics, a listener of
 *   their own so the public port never shows them; METRICS_ON_PUBLIC_PORT (false) serves /metrics on the public port
 *   too, for a deployment whose balancer keeps /metrics private (docs/operations.md#metrics).
 * - PUBLIC_URL (http://127.0.0.1:<PORT>; required in production, https on a public host): how outside parties reach
 *   this server (the QR gateways' webhook callback).
 * - QR_GATEWAY_URL (http://127.0.0.1:3001/qr), QR_API_KEY (sandbox-qr-key), QR_TIMEOUT_MS (10000): the QR payment
 *   gateways (each under <url>/<PROVIDER>).
 * - QR_WEBHOOK_SECRET_KBANK / _WW / _E2P: each gateway's webhook HMAC secret; unset outside production, a random one
 *   per process (the sandbox's published default is never accepted).
 * - QR_EXPIRY_SECONDS_KBANK / _WW / _E2P (600): how long a deposit QR can be paid.
 * - SLIP_VERIFIER_URL (http://127.0.0.1:3001/slip), SLIP_API_KEY (sandbox-slip-key), SLIP_TIMEOUT_MS (15000): the
 *   slip verification service.
 * - SLIP_LINK_SECRET (a published development value, refused in production): HMAC key signing the expiring slip
 *   image links; at least 32 characters; `npm start` generates one per installation.
 * - CHAT_GUEST_SECRET (a published development value, refused in production): HMAC key signing the support chat's
 *   guest tokens (docs/decisions/0015-support-chat.md#identities); at least 32 characters; `npm start` generates one.
 * - AUDIT_HMAC_KEY (a published development value, refused in production): HMAC key of the audit trail's hash chain,
 *   kept outside the database so a database superuser cannot rewrite the chain consistently; at least 32 characters;
 *   `npm start` generates one. Changing it breaks the verification of every record written with the old one
 *   (docs/decisions/0014-back-office.md#audit-trail).
 * - AUDIT_ANCHOR_FILE, AUDIT_ANCHOR_INTERVAL_MS (600000): where and how often the audit chain's head is appended (one
 *   JSON line, also logged) for verification to compare against; keep copies of it. Default: data/audit-anchors.jsonl
 *   with DATABASE_URL, <PGLITE_DIR>-audit-anchors.jsonl beside an embedded database (the anchors belong to its
 *   chain), none for an in-memory one (nothing outlives the process).
 * - TRUEMONEY_URL (http://127.0.0.1:3001), TRUEMONEY_TIMEOUT_MS (15000): the TrueMoney gift voucher service.
 * - TRUELINK_SECRET: the gift-link shared secret (the web's VITE_TRUELINK_SECRET); required in production, the
 *   contracts' TRUELINK_DEV_SECRET otherwise.
 * - TRUEMONEY_RECEIVER_PHONE: the operator's TrueMoney number vouchers are redeemed to; default the first enabled
 *   TrueMoney wallet of the deposit lookup.
 * - MANUAL_DEPOSIT_MATCH_INTERVAL_MS (30000): how often open manual deposit notices are matched with the bank feed.
 */
export const configSchema = z.object({
  PORT: integer(0, 65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')
    .optional(),
  DATABASE_POOL_MAX: integer(1, 200).default(10),
  PGLITE_DIR: z.string().min(1).default(`${repoRoot}data/pglite`),
  REDIS_URL: optionalUrl(/^rediss?$/),
  REDIS_PREFIX: z.string().max(100).default('mekong:'),
  COUNTRY: z.enum(COUNTRIES, { error: 'must be TH or LA' }).default('TH'),
  ...outsideParty('SMS', 'SMS_GATEWAY_URL', 'http://127.0.0.1:3001/sms', 10_000),
  OTP_DAILY_LIMIT_PHONE: integer(1, 1000).default(5),
  OTP_DAILY_LIMIT_PHONE_IP: integer(1, 1000).default(3),
  OTP_DAILY_LIMIT_IP: integer(1, 100_000).default(200),
  OTP_HOURLY_LIMIT_IP: integer(1, 100_000).default(30),
  SMS_DAILY_LIMIT: integer(1, 10_000_000).default(1000),
  AUTH_GLOBAL_LIMIT_PER_MINUTE: integer(1, 1_000_000).default(600),
  PHONE_LOOKUP_LIMIT_IP_DAY: integer(1, 1_000_000).default(300),
  PHONE_LOOKUP_LIMIT_IP_MINUTE: integer(1, 1_000_000).default(20),
  WEB_DIST_DIR: z.string().min(1).default(`${repoRoot}apps/web/dist`),
  // Unset: true outside production, false in production (where asking for it is refused); resolved in loadConfig.
  SEED_DEMO: booleanFromEnv.optional(),
  SEED_DEMO_VIDEOS: booleanFromEnv.default(true),
  DEMO_OPERATORS_FILE: z.string().min(1).optional(),
  BACKOFFICE_DIST_DIR: z.string().min(1).default(`${repoRoot}apps/backoffice/dist`),
  SEED_SLIP_WINDOW: z
    .string()
    .regex(/^(?:open|\d{2}:\d{2}-\d{2}:\d{2})$/, 'must be open or HH:MM-HH:MM')
    .default('23:30-00:30'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  ARGON2_MEMORY_KIB: integer(1024, 4_194_304).default(19_456),
  ARGON2_TIME_COST: integer(1, 100).default(2),
  ARGON2_PARALLELISM: integer(1, 16).default(1),
  ARGON2_MAX_CONCURRENCY: integer(1, 64).default(2),
  ARGON2_MAX_QUEUE: integer(0, 100_000).default(200),
  REQUEST_TIMEOUT_MS: integer(1000, 600_000).default(60_000),
  ...outsideParty('BANK', 'BANK_API_URL', 'http://127.0.0.1:3001/bank', 15_000),
  BANK_FEED_INTERVAL_MS: integer(100, 3_600_000).default(10_000),
  PAYOUT_RECONCILE_INTERVAL_MS: integer(100, 3_600_000).default(15_000),
  PAYOUT_MAX_RESENDS: integer(0, 100).default(3),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  ...outsideParty('GAME', 'GAME_PROVIDER_URL', 'http://127.0.0.1:3001/games', 10_000),
  GAME_CREDENTIALS_KEY: z
    .string()
    .regex(
      /^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/,
      'must be 32 bytes as 64 hex digits or base64',
    )
    .optional(),
  GAME_SYNC_INTERVAL_MS: integer(1000, 86_400_000).default(60_000),
  GAME_RECONCILE_INTERVAL_MS: integer(100, 3_600_000).default(10_000),
  GAME_RECONCILE_AFTER_MS: integer(0, 3_600_000).default(30_000),
  GAME_NOT_FOUND_VOID_AFTER_MS: integer(0, 86_400_000).default(300_000),
  JOBS_ENABLED: booleanFromEnv.default(true),
  METRICS_PORT: integer(1, 65_535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_ON_PUBLIC_PORT: booleanFromEnv.default(false),
  PUBLIC_URL: httpUrl.optional(),
  ...outsideParty('QR', 'QR_GATEWAY_URL', 'http://127.0.0.1:3001/qr', 10_000),
  QR_WEBHOOK_SECRET_KBANK: z.string().min(1).optional(),
  QR_WEBHOOK_SECRET_WW: z.string().min(1).optional(),
  QR_WEBHOOK_SECRET_E2P: z.string().min(1).optional(),
  QR_EXPIRY_SECONDS_KBANK: integer(60, 86_400).default(600),
  QR_EXPIRY_SECONDS_WW: integer(60, 86_400).default(600),
  QR_EXPIRY_SECONDS_E2P: integer(60, 86_400).default(600),
  ...outsideParty('SLIP', 'SLIP_VERIFIER_URL', 'http://127.0.0.1:3001/slip', 15_000),
  SLIP_LINK_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .default(SANDBOX_DEFAULT_SECRETS.SLIP_LINK_SECRET),
  CHAT_GUEST_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .default(SANDBOX_DEFAULT_SECRETS.CHAT_GUEST_SECRET),
  AUDIT_HMAC_KEY: z
    .string()
    .min(32, 'must be at least 32 characters')
    .default(SANDBOX_DEFAULT_SECRETS.AUDIT_HMAC_KEY),
  AUDIT_ANCHOR_FILE: z.string().min(1).optional(),
  AUDIT_ANCHOR_INTERVAL_MS: integer(1000, 86_400_000).default(600_000),
  TRUEMONEY_URL: httpUrl.default('http://127.0.0.1:3001'),
  TRUEMONEY_TIMEOUT_MS: integer(100, 120_000).default(15_000),
  TRUELINK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  TRUEMONEY_RECEIVER_PHONE: z
    .string()
    .regex(/^0\d{9}$/, 'must be a Thai mobile number (10 digits starting with 0)')
    .optional(),
  MANUAL_DEPOSIT_MATCH_INTERVAL_MS: integer(1000, 3_600_000).default(30_000),
});

/** The settings as parsed, before the defaults that depend on NODE_ENV. */
export type ParsedConfig = z.output<typeof configSchema>;
export type Config = Omit<ParsedConfig, 'SEED_DEMO'> & { SEED_DEMO: boolean };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(configSchema.shape)
      .map((k) => [k, env[k]] as const)
      // An empty variable counts as unset, so `FOO=` in a .env file keeps the default.
      .filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = configSchema.safeParse(known);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.') || '(config)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const isProduction = result.data.NODE_ENV === 'production';
  const problems = isProduction ? productionProblems(result.data) : [];
  if (problems.length > 0)
    throw new ConfigError(`Invalid configuration for production:\n  ${problems.join('\n  ')}`);
  return {
    ...result.data,
    SEED_DEMO: result.data.SEED_DEMO ?? !isProduction,
    AUDIT_ANCHOR_FILE: auditAnchorFileOf(result.data),
  };
}

/** Where the audit chain's head is anchored when AUDIT_ANCHOR_FILE is unset (docs/back-office/audit.md). */
function auditAnchorFileOf(
  config: Pick<Config, 'AUDIT_ANCHOR_FILE' | 'DATABASE_URL' | 'PGLITE_DIR'>,
): string | undefined {
  if (config.AUDIT_ANCHOR_FILE) return config.AUDIT_ANCHOR_FILE;
  if (config.DATABASE_URL) return `${repoRoot}data/audit-anchors.jsonl`;
  if (config.PGLITE_DIR.startsWith('memory://')) return undefined;
  return `${config.PGLITE_DIR.replace(/\/+$/, '')}-audit-anchors.jsonl`;
}
