import { BlockList, isIP } from 'node:net';
import {
  SANDBOX_DEFAULT_SECRETS,
  SANDBOX_SECRET_NAMES,
} from '@mekong/contracts/installation-secrets';
import type { ParsedConfig } from '@/config.ts';

/** The outside parties the server calls; in production none may be this machine or the sandbox. */
export const ADAPTER_URL_SETTINGS = [
  'SMS_GATEWAY_URL',
  'BANK_API_URL',
  'GAME_PROVIDER_URL',
  'QR_GATEWAY_URL',
  'SLIP_VERIFIER_URL',
  'TRUEMONEY_URL',
] as const;

/** Every key and secret of an installation; in production each must be set, long, and not a published default. */
export const SECRET_SETTINGS = [
  ...SANDBOX_SECRET_NAMES,
  'TRUELINK_SECRET',
  'SLIP_LINK_SECRET',
  'CHAT_GUEST_SECRET',
  'AUDIT_HMAC_KEY',
  'GAME_CREDENTIALS_KEY',
] as const;

export const MIN_SECRET_BYTES = 32;

const publishedSecrets = new Set<string>(Object.values(SANDBOX_DEFAULT_SECRETS));

/** The game credentials key's bytes as hex: the same key may be written in hex or base64. */
const keyHex = (value: string) =>
  /^[0-9a-fA-F]{64}$/.test(value)
    ? value.toLowerCase()
    : Buffer.from(value, 'base64').toString('hex');

const isPublished = (name: string, value: string) =>
  publishedSecrets.has(value) ||
  (name === 'GAME_CREDENTIALS_KEY' &&
    keyHex(value) === SANDBOX_DEFAULT_SECRETS.GAME_CREDENTIALS_KEY);

const localAddresses = new BlockList();
localAddresses.addSubnet('127.0.0.0', 8, 'ipv4');
localAddresses.addAddress('0.0.0.0', 'ipv4');
localAddresses.addAddress('::1', 'ipv6');
localAddresses.addAddress('::', 'ipv6');
localAddresses.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');
localAddresses.addAddress('::ffff:0.0.0.0', 'ipv6');

/** Loopback, "any address", or a host named like the sandbox. */
export function isLocalOrSandboxHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === 'sandbox' || host.startsWith('sandbox.')) return true;
  const family = isIP(host);
  return family !== 0 && localAddresses.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

const privateAddresses = new BlockList();
for (const [network, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['169.254.0.0', 16], // link-local
] as const) {
  privateAddresses.addSubnet(network, prefix, 'ipv4');
  privateAddresses.addSubnet(`::ffff:${network}`, 96 + prefix, 'ipv6');
}
privateAddresses.addSubnet('fc00::', 7, 'ipv6'); // unique local
privateAddresses.addSubnet('fe80::', 10, 'ipv6'); // link-local

/** Names only a local network resolves: one label (`server`), or a suffix reserved for private use. */
const PRIVATE_NAME = /(?:^[^.]+|\.(?:local|internal|lan|intranet|home\.arpa))$/;

/**
 * Whether outside parties (the QR gateways' webhooks) can reach the host: not this machine, the sandbox, a private,
 * carrier-NAT or link-local address, or a name only a local network resolves.
 */
export function isPublicHost(hostname: string): boolean {
  if (isLocalOrSandboxHost(hostname)) return false;
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  const family = isIP(host);
  if (family !== 0) return !privateAddresses.check(host, family === 4 ? 'ipv4' : 'ipv6');
  return !PRIVATE_NAME.test(host);
}

/**
 * What keeps a configuration from running in production (docs/decisions/0012-deploy-secrets.md,
 * docs/operations.md#production), one line per setting naming it; empty when it may run.
 */
export function productionProblems(config: ParsedConfig): string[] {
  const problems: string[] = [];
  for (const name of ADAPTER_URL_SETTINGS) {
    const url = new URL(config[name]);
    // The API keys travel in the calls' headers or bodies.
    if (url.protocol !== 'https:')
      problems.push(`${name}: must be https in production (API keys would travel in clear text)`);
    if (isLocalOrSandboxHost(url.hostname))
      problems.push(`${name}: points at this machine or the sandbox (${config[name]})`);
  }
  if (!config.DATABASE_URL)
    problems.push(
      'DATABASE_URL: required when NODE_ENV is production (the embedded database is for development)',
    );
  if (!config.PUBLIC_URL)
    problems.push(
      "PUBLIC_URL: required when NODE_ENV is production (the QR gateways' callbacks go there)",
    );
  else if (new URL(config.PUBLIC_URL).protocol !== 'https:')
    problems.push('PUBLIC_URL: must be https in production');
  else if (!isPublicHost(new URL(config.PUBLIC_URL).hostname))
    problems.push(
      `PUBLIC_URL: must be a public address outside parties can reach (${config.PUBLIC_URL})`,
    );
  if (config.SEED_DEMO === true)
    problems.push(
      'SEED_DEMO: demo data is never seeded in production (demo deposit accounts, bonuses, the wheel)',
    );
  for (const name of SECRET_SETTINGS) {
    const value = config[name];
    if (!value) problems.push(`${name}: required when NODE_ENV is production`);
    else if (isPublished(name, value)) problems.push(`${name}: is a published sandbox default`);
    else if (Buffer.byteLength(value, 'utf8') < MIN_SECRET_BYTES)
      problems.push(`${name}: must be at least ${MIN_SECRET_BYTES} bytes`);
  }
  if (config.DEMO_OPERATORS_FILE)
    problems.push(
      'DEMO_OPERATORS_FILE: demo operators are never created in production (npm run operator:create)',
    );
  return problems;
}
