import { randomBytes } from 'node:crypto';
import { TRUELINK_DEV_SECRET } from '@mekong/contracts/deposit';
import type { QrProvider } from '@mekong/contracts/constants';
import { ConfigError, type Config } from '@/config.ts';

const required = (name: string) =>
  new ConfigError(`Invalid configuration:\n  ${name}: required when NODE_ENV is production`);

// Unset outside production: a secret of this process nobody knows, so the sandbox's published default never credits
// a member (docs/decisions/0012-deploy-secrets.md); `npm start` always sets one.
const unsetQrSecrets = new Map<QrProvider, string>();

/** The gateway's webhook HMAC secret. */
export function qrWebhookSecret(config: Config, provider: QrProvider): string {
  const value = config[`QR_WEBHOOK_SECRET_${provider}`];
  if (value) return value;
  if (config.NODE_ENV === 'production') throw required(`QR_WEBHOOK_SECRET_${provider}`);
  let secret = unsetQrSecrets.get(provider);
  if (!secret) {
    secret = randomBytes(32).toString('base64url');
    unsetQrSecrets.set(provider, secret);
  }
  return secret;
}

export function qrExpirySeconds(config: Config, provider: QrProvider): number {
  return config[`QR_EXPIRY_SECONDS_${provider}`];
}

/** Base URL outside parties call back (the QR webhook). */
export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`).replace(/\/+$/, '');
}

/** The gift-link shared secret; the contracts' development secret outside production. */
export function trueLinkSecret(config: Config): string {
  if (config.TRUELINK_SECRET) return config.TRUELINK_SECRET;
  if (config.NODE_ENV === 'production') throw required('TRUELINK_SECRET');
  return TRUELINK_DEV_SECRET;
}

/** Checked at start-up, so a production server without its secrets never starts. */
export function checkMoneyInConfig(config: Config): void {
  for (const provider of ['KBANK', 'WW', 'E2P'] as const) qrWebhookSecret(config, provider);
  trueLinkSecret(config);
}
