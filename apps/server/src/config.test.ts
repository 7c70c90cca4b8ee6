import { describe, expect, it } from 'vitest';
import { SANDBOX_DEFAULT_SECRETS } from '@mekong/contracts/installation-secrets';
import { ConfigError, loadConfig } from '@/config.ts';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      COUNTRY: 'TH',
      SMS_GATEWAY_URL: 'http://127.0.0.1:3001/sms',
      SMS_API_KEY: 'sandbox-sms-key',
      SMS_TIMEOUT_MS: 10_000,
      SEED_DEMO: true,
      LOG_LEVEL: 'info',
      ARGON2_MEMORY_KIB: 19_456,
      ARGON2_TIME_COST: 2,
      ARGON2_PARALLELISM: 1,
      REQUEST_TIMEOUT_MS: 60_000,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.PGLITE_DIR).toMatch(/data\/pglite$/);
    expect(config.WEB_DIST_DIR).toMatch(/apps\/web\/dist$/);
  });

  it('reads overrides and treats empty variables as unset', () => {
    const config = loadConfig({
      PORT: '3200',
      COUNTRY: 'LA',
      SEED_DEMO: 'false',
      DATABASE_URL: '',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(config.PORT).toBe(3200);
    expect(config.COUNTRY).toBe('LA');
    expect(config.SEED_DEMO).toBe(false);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['COUNTRY', 'VN'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'not a url'],
    ['SEED_DEMO', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['SMS_GATEWAY_URL', 'ftp://example.com'],
    ['ARGON2_MEMORY_KIB', '8'],
    ['DATABASE_SCHEMA', 'Robert"); drop table'],
  ])('stops on a bad %s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});

describe('loadConfig with NODE_ENV=production (issue 8 A1)', () => {
  const strong = (seed: string) => `${seed}-${'k'.repeat(40)}`;
  /** A configuration production accepts: real hosts, every secret long, random-looking and set. */
  const good: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://wallet@db.example.com:5432/wallet',
    PUBLIC_URL: 'https://wallet.example.com',
    SMS_GATEWAY_URL: 'https://sms.example.com/v2',
    BANK_API_URL: 'https://bank.example.com',
    GAME_PROVIDER_URL: 'https://games.example.com',
    QR_GATEWAY_URL: 'https://qr.example.com',
    SLIP_VERIFIER_URL: 'https://slip.example.com',
    TRUEMONEY_URL: 'https://gift.truemoney.com',
    SMS_API_KEY: strong('sms'),
    BANK_API_KEY: strong('bank'),
    GAME_API_KEY: strong('game'),
    QR_API_KEY: strong('qr'),
    SLIP_API_KEY: strong('slip'),
    QR_WEBHOOK_SECRET_KBANK: strong('kbank'),
    QR_WEBHOOK_SECRET_WW: strong('ww'),
    QR_WEBHOOK_SECRET_E2P: strong('e2p'),
    TRUELINK_SECRET: strong('truelink'),
    SLIP_LINK_SECRET: strong('slip-link'),
    CHAT_GUEST_SECRET: strong('chat-guest'),
    AUDIT_HMAC_KEY: strong('audit'),
    GAME_CREDENTIALS_KEY: 'ab'.repeat(32),
  };

  it('starts with real hosts and strong secrets', () => {
    expect(loadConfig(good).NODE_ENV).toBe('production');
  });

  it('seeds no demo data unless told, and refuses to be told (issue 27 item 7)', () => {
    expect(loadConfig(good).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...good, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(() => loadConfig({ ...good, SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO: demo data is never seeded in production/,
    );
    // Development keeps its demo by default.
    expect(loadConfig({}).SEED_DEMO).toBe(true);
  });

  it('needs PostgreSQL: the embedded database is refused', () => {
    expect(() => loadConfig({ ...good, DATABASE_URL: undefined })).toThrow(
      /DATABASE_URL: required when NODE_ENV is production/,
    );
  });

  it.each([
    'SMS_GATEWAY_URL',
    'BANK_API_URL',
    'GAME_PROVIDER_URL',
    'QR_GATEWAY_URL',
    'SLIP_VERIFIER_URL',
    'TRUEMONEY_URL',
  ])('refuses %s over plain http', (name) => {
    const url = good[name]?.replace('https://', 'http://');
    expect(() => loadConfig({ ...good, [name]: url })).toThrow(
      new RegExp(`${name}: must be https in production`),
    );
  });

  it('needs PUBLIC_URL, over https', () => {
    expect(() => loadConfig({ ...good, PUBLIC_URL: undefined })).toThrow(
      /PUBLIC_URL: required when NODE_ENV is production/,
    );
    expect(() => loadConfig({ ...good, PUBLIC_URL: 'http://wallet.example.com' })).toThrow(
      /PUBLIC_URL: must be https in production/,
    );
  });

  it.each([
    'https://127.0.0.1:3000',
    'https://localhost',
    'https://[::1]:8443',
    'https://0.0.0.0',
    'https://10.1.2.3',
    'https://172.20.0.5',
    'https://192.168.1.10:8443',
    'https://100.64.3.4',
    'https://169.254.1.1',
    'https://[fd00::1]',
    'https://[fe80::1]',
    'https://[::ffff:192.168.0.1]',
    'https://server',
    'https://wallet.local',
    'https://api.internal',
    'https://sandbox:3001',
  ])('refuses PUBLIC_URL %s: outside parties cannot reach it', (url) => {
    expect(() => loadConfig({ ...good, PUBLIC_URL: url })).toThrow(
      /PUBLIC_URL: must be a public address/,
    );
  });

  it.each(['https://wallet.example.com/base/', 'https://203.0.113.7', 'https://[2001:db8::7]'])(
    'takes PUBLIC_URL %s',
    (url) => {
      expect(loadConfig({ ...good, PUBLIC_URL: url }).PUBLIC_URL).toBe(url);
    },
  );

  it('refuses to start without its own AUDIT_HMAC_KEY (issue 27 item 1)', () => {
    const { AUDIT_HMAC_KEY: _unset, ...withoutKey } = good;
    expect(() => loadConfig(withoutKey)).toThrow(/AUDIT_HMAC_KEY: is a published sandbox default/);
    expect(() => loadConfig({ ...good, AUDIT_HMAC_KEY: 'k'.repeat(31) })).toThrow(/AUDIT_HMAC_KEY/);
  });

  it.each([
    ['SMS_GATEWAY_URL', 'http://127.0.0.1:3001/sms'],
    ['BANK_API_URL', 'http://localhost:3001/bank'],
    ['GAME_PROVIDER_URL', 'http://[::1]:3001/games'],
    ['QR_GATEWAY_URL', 'http://0.0.0.0:3001/qr'],
    ['SLIP_VERIFIER_URL', 'http://127.5.6.7/slip'],
    ['TRUEMONEY_URL', 'http://sandbox:3001'],
    ['TRUEMONEY_URL', 'http://[::ffff:127.0.0.1]:3001'],
  ])('refuses %s pointing at loopback or the sandbox (%s)', (name, value) => {
    expect(() => loadConfig({ ...good, [name]: value })).toThrow(
      new RegExp(`${name}: points at this machine or the sandbox`),
    );
  });

  it.each(Object.entries(SANDBOX_DEFAULT_SECRETS))(
    'refuses %s equal to a published sandbox default',
    (name, value) => {
      expect(() => loadConfig({ ...good, [name]: value })).toThrow(
        new RegExp(`${name}: is a published sandbox default`),
      );
    },
  );

  it('refuses the development game credentials key written in base64 too', () => {
    const base64 = Buffer.from(SANDBOX_DEFAULT_SECRETS.GAME_CREDENTIALS_KEY, 'hex').toString(
      'base64',
    );
    expect(() => loadConfig({ ...good, GAME_CREDENTIALS_KEY: base64 })).toThrow(
      /GAME_CREDENTIALS_KEY: is a published sandbox default/,
    );
  });

  it('refuses any published default in any secret setting (a default moved to another name)', () => {
    expect(() =>
      loadConfig({ ...good, BANK_API_KEY: SANDBOX_DEFAULT_SECRETS.QR_WEBHOOK_SECRET_WW }),
    ).toThrow(/BANK_API_KEY: is a published sandbox default/);
  });

  it.each(['SMS_API_KEY', 'QR_WEBHOOK_SECRET_KBANK', 'TRUELINK_SECRET'])(
    'refuses %s shorter than 32 bytes',
    (name) => {
      expect(() => loadConfig({ ...good, [name]: 'x'.repeat(31) })).toThrow(
        new RegExp(`${name}: must be at least 32 bytes`),
      );
      expect(loadConfig({ ...good, [name]: 'x'.repeat(32) })[name as 'SMS_API_KEY']).toHaveLength(
        32,
      );
    },
  );

  it.each(['QR_WEBHOOK_SECRET_E2P', 'TRUELINK_SECRET', 'GAME_CREDENTIALS_KEY'])(
    'refuses %s unset',
    (name) => {
      expect(() => loadConfig({ ...good, [name]: undefined })).toThrow(
        new RegExp(`${name}: required when NODE_ENV is production`),
      );
    },
  );

  it('refuses the default settings, naming every problem', () => {
    const error = (() => {
      try {
        loadConfig({ NODE_ENV: 'production' });
      } catch (e) {
        return e as Error;
      }
      throw new Error('the default settings were accepted in production');
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(/SMS_GATEWAY_URL: points at this machine/);
    expect(error.message).toMatch(/SMS_API_KEY: is a published sandbox default/);
    expect(error.message).toMatch(/GAME_CREDENTIALS_KEY: required/);
    expect(error.message).toMatch(/DATABASE_URL: required/);
    expect(error.message).toMatch(/PUBLIC_URL: required/);
    expect(error.message).toMatch(/SMS_GATEWAY_URL: must be https/);
  });

  it('accepts the sandbox defaults outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).SMS_API_KEY).toBe('sandbox-sms-key');
  });
});

describe('TRUST_PROXY (issue 8 A6)', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.7,::1', ['10.0.0.0/8', '192.168.1.7', '::1']],
    ['loopback', ['loopback']],
  ])('reads %s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['true', 'yes', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,', '999'])(
    'refuses %s, naming the setting',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: /);
    },
  );
});

describe('the audit trail anchors (issue 27 item 1)', () => {
  it('anchors beside the database: data/ with PostgreSQL, beside an embedded one, none in memory', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).AUDIT_ANCHOR_FILE).toMatch(
      /data\/audit-anchors\.jsonl$/,
    );
    expect(loadConfig({ PGLITE_DIR: '/srv/mekong/pglite/' }).AUDIT_ANCHOR_FILE).toBe(
      '/srv/mekong/pglite-audit-anchors.jsonl',
    );
    expect(loadConfig({ PGLITE_DIR: 'memory://' }).AUDIT_ANCHOR_FILE).toBeUndefined();
    expect(loadConfig({ AUDIT_ANCHOR_FILE: '/keep/anchors.jsonl' }).AUDIT_ANCHOR_FILE).toBe(
      '/keep/anchors.jsonl',
    );
  });
});
