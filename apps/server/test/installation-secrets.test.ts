import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_DEFAULT_SECRETS } from '@mekong/contracts/installation-secrets';
import { loadConfig } from '@/config.ts';
import { ADAPTER_URL_SETTINGS, SECRET_SETTINGS } from '@/config-production.ts';
import { cashOf } from './support/bank.ts';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import { walletMember } from './support/money.ts';

let t: MoneyInTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const hmac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body).digest('hex');

/** A paid notice for a fresh 777-baht KBANK QR of a new member, as a forger would write it. */
async function forgeableNotice(app: MoneyInTestApp) {
  const m = await walletMember(app);
  const created = await app.api('POST', '/api/qrcode/KBANK', {
    token: m.token,
    body: { amount: 777 },
  });
  expect(created.statusCode, created.body).toBe(200);
  const row = await app.app.deps.db.kysely
    .selectFrom('qr_payments')
    .select('reference')
    .where('member_id', '=', m.memberId)
    .executeTakeFirstOrThrow();
  const body = JSON.stringify({
    provider: 'KBANK',
    reference: row.reference,
    amountMinor: 777_00,
    paidAt: app.clock.now().toISOString(),
    transactionId: `FORGED${randomBytes(4).toString('hex')}`,
  });
  const post = (signature: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/hooks/qr/KBANK',
      headers: { 'content-type': 'application/json', 'x-signature': signature },
      payload: body,
    });
  return { m, body, post };
}

describe('no published secret is live (issue 8 A1)', () => {
  it('refuses a QR webhook signed with the sandbox default secret when no secret is configured', async () => {
    t = await createMoneyInTestApp();
    const { m, body, post } = await forgeableNotice(t);
    const forged = await post(hmac(SANDBOX_DEFAULT_SECRETS.QR_WEBHOOK_SECRET_KBANK, body));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'UNAUTHORIZED' });
    expect(await cashOf(t, m.memberId)).toBe(0n);
  });

  it("refuses the sandbox default when the installation's secret differs, and accepts the installation's", async () => {
    const secret = randomBytes(32).toString('base64url');
    t = await createMoneyInTestApp({ QR_WEBHOOK_SECRET_KBANK: secret });
    const { m, body, post } = await forgeableNotice(t);
    expect(
      (await post(hmac(SANDBOX_DEFAULT_SECRETS.QR_WEBHOOK_SECRET_KBANK, body))).statusCode,
    ).toBe(401);
    expect(await cashOf(t, m.memberId)).toBe(0n);
    const genuine = await post(hmac(secret, body));
    expect(genuine.json()).toMatchObject({ result: 'credited' });
    expect(await cashOf(t, m.memberId)).toBe(777_00n);
  });
});

describe('the secrets `npm start` makes (scripts/installation-secrets.mjs)', () => {
  it('makes every secret once, strong enough for production, readable by the owner only, and reuses them', async () => {
    const { loadOrCreateSecrets } = await import('../../../scripts/installation-secrets.mjs');
    const dir = mkdtempSync(join(tmpdir(), 'mekong-secrets-'));
    try {
      const file = join(dir, 'data', 'secrets.json');
      const first = loadOrCreateSecrets(file);
      expect(Object.keys(first).sort()).toEqual([...SECRET_SETTINGS].sort());
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadOrCreateSecrets(file)).toEqual(first);
      // Handed to a production configuration with real hosts, none of them is refused.
      const hosts = Object.fromEntries(
        ADAPTER_URL_SETTINGS.map((name) => [name, 'https://party.example.com']),
      );
      const database = 'postgres://wallet@db.example.com:5432/wallet';
      const publicUrl = 'https://wallet.example.com';
      expect(() =>
        loadConfig({
          NODE_ENV: 'production',
          DATABASE_URL: database,
          PUBLIC_URL: publicUrl,
          ...hosts,
          ...first,
        }),
      ).not.toThrow();
      expect(new Set(Object.values(first)).size).toBe(SECRET_SETTINGS.length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
