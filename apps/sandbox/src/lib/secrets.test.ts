import { describe, expect, it } from 'vitest';
import { SANDBOX_DEFAULT_SECRETS, sandboxSecretsFrom } from '@mekong/contracts/installation-secrets';
import { buildSandbox } from '../app.ts';

describe('the sandbox secrets (issue 8 A1)', () => {
  it('takes them from its environment, keeping a published default only for an unset one', () => {
    const secrets = sandboxSecretsFrom({ BANK_API_KEY: 'b'.repeat(40), QR_API_KEY: '' });
    expect(secrets.BANK_API_KEY).toBe('b'.repeat(40));
    expect(secrets.QR_API_KEY).toBe(SANDBOX_DEFAULT_SECRETS.QR_API_KEY);
    expect(Object.keys(secrets)).not.toContain('TRUELINK_SECRET');
  });

  it("accepts the installation's key and refuses the published default once one is given", async () => {
    const key = 'k'.repeat(43);
    const app = await buildSandbox({ secrets: { SMS_API_KEY: key } });
    try {
      const request = (authorization: string) =>
        app.inject({
          method: 'POST',
          url: '/sms/v2/otp/request',
          headers: { authorization },
          payload: { msisdn: '0812345678' },
        });
      expect((await request(`Bearer ${SANDBOX_DEFAULT_SECRETS.SMS_API_KEY}`)).statusCode).toBe(401);
      expect((await request(`Bearer ${key}`)).statusCode).toBe(200);
      // The controls never show a webhook secret.
      const view = await app.inject({ method: 'GET', url: '/sandbox/qr/secrets' });
      expect(view.json()).toEqual({
        KBANK: { isPublishedDefault: true },
        WW: { isPublishedDefault: true },
        E2P: { isPublishedDefault: true },
      });
    } finally {
      await app.close();
    }
  });
});
