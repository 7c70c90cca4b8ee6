import { TRUELINK_DEV_SECRET } from './deposit.ts';

/**
 * Every secret an installation shares between its parts (server, sandbox, web), with the published value the sandbox
 * and development use when none is set. These published values are never accepted in production
 * (docs/decisions/0012-deploy-secrets.md); `npm start` generates random ones per installation.
 */
export const SANDBOX_DEFAULT_SECRETS = {
  SMS_API_KEY: 'sandbox-sms-key',
  BANK_API_KEY: 'sandbox-bank-key',
  GAME_API_KEY: 'sandbox-game-key',
  QR_API_KEY: 'sandbox-qr-key',
  SLIP_API_KEY: 'sandbox-slip-key',
  QR_WEBHOOK_SECRET_KBANK: 'sandbox-qr-secret-KBANK',
  QR_WEBHOOK_SECRET_WW: 'sandbox-qr-secret-WW',
  QR_WEBHOOK_SECRET_E2P: 'sandbox-qr-secret-E2P',
  TRUELINK_SECRET: TRUELINK_DEV_SECRET,
  SLIP_LINK_SECRET: 'slip-link-development-secret-not-for-production',
  CHAT_GUEST_SECRET: 'chat-guest-development-secret-not-for-production',
  AUDIT_HMAC_KEY: 'audit-hmac-development-key-not-for-production',
  GAME_CREDENTIALS_KEY: '36feabd40a4513738514058ae1c99692537bb8560b55332a3f6227d7caf6195a',
} as const;

export type SandboxSecretName = keyof typeof SANDBOX_DEFAULT_SECRETS;

/** The secrets the sandbox itself checks or signs with (the gift-link secret is the server's and the web's). */
export const SANDBOX_SECRET_NAMES = [
  'SMS_API_KEY',
  'BANK_API_KEY',
  'GAME_API_KEY',
  'QR_API_KEY',
  'SLIP_API_KEY',
  'QR_WEBHOOK_SECRET_KBANK',
  'QR_WEBHOOK_SECRET_WW',
  'QR_WEBHOOK_SECRET_E2P',
] as const satisfies readonly SandboxSecretName[];

export type SandboxSecrets = Record<(typeof SANDBOX_SECRET_NAMES)[number], string>;

/** The sandbox's secrets from its environment; an unset or empty one keeps the published default. */
export function sandboxSecretsFrom(env: Record<string, string | undefined>): SandboxSecrets {
  return Object.fromEntries(
    SANDBOX_SECRET_NAMES.map((name) => [name, env[name] || SANDBOX_DEFAULT_SECRETS[name]]),
  ) as SandboxSecrets;
}
