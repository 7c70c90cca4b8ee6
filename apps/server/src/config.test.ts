import { describe, expect, it } from 'vitest';
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
