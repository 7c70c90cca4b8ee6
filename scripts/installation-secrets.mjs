// The keys and secrets one installation's parts share (server, sandbox, web), generated once by `npm start` and kept
// in data/secrets.json (mode 0600), so no published default is ever live (docs/decisions/0012-deploy-secrets.md).
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const randomSecret = () => randomBytes(32).toString('base64url');

/** Name → how a fresh value is made (every one at least 32 bytes). */
export const INSTALLATION_SECRETS = {
  SMS_API_KEY: randomSecret,
  BANK_API_KEY: randomSecret,
  GAME_API_KEY: randomSecret,
  QR_API_KEY: randomSecret,
  SLIP_API_KEY: randomSecret,
  QR_WEBHOOK_SECRET_KBANK: randomSecret,
  QR_WEBHOOK_SECRET_WW: randomSecret,
  QR_WEBHOOK_SECRET_E2P: randomSecret,
  TRUELINK_SECRET: randomSecret,
  SLIP_LINK_SECRET: randomSecret,
  CHAT_GUEST_SECRET: randomSecret,
  AUDIT_HMAC_KEY: randomSecret,
  // AES-256 key as 64 hex digits (the server's GAME_CREDENTIALS_KEY format).
  GAME_CREDENTIALS_KEY: () => randomBytes(32).toString('hex'),
};

/**
 * The installation's secrets from `file`, making (and saving) any that is missing; the file is readable by its owner
 * only. Returns every name with its value.
 */
export function loadOrCreateSecrets(file) {
  const saved = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets = {};
  let isChanged = false;
  for (const [name, make] of Object.entries(INSTALLATION_SECRETS)) {
    const value = saved[name];
    if (typeof value === 'string' && value.length > 0) secrets[name] = value;
    else {
      secrets[name] = make();
      isChanged = true;
    }
  }
  if (isChanged) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  // Also when the file was made (or loosened) by hand.
  chmodSync(file, 0o600);
  return secrets;
}
