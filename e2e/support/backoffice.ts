import { existsSync, mkdirSync, readFileSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { E2E_OPERATORS_FILE, E2E_OPERATOR_SECRETS_FILE, SERVER_URL } from './urls.ts';

export type Role = 'owner' | 'finance' | 'support' | 'marketing' | 'auditor';

/** The back office at desktop size (docs/decisions/0014-back-office.md): use with test.use(BACKOFFICE_VIEWPORT). */
export const BACKOFFICE_VIEWPORT = {
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
} as const;

type Secrets = Record<string, { secret: string; lastStep: number }>;

const LOCK = `${E2E_OPERATOR_SECRETS_FILE}.lock`;

/** Workers share the secrets file: a directory is the lock (mkdir is atomic). A lock older than 60 s is stale. */
async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() - started > 60_000) rmdirSync(LOCK);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

function readSecrets(): Secrets {
  return existsSync(E2E_OPERATOR_SECRETS_FILE)
    ? (JSON.parse(readFileSync(E2E_OPERATOR_SECRETS_FILE, 'utf8')) as Secrets)
    : {};
}

/** The password the seed gave the role's demo operator (it works only to choose their own: ownPasswordOf). */
function seededOperator(role: Role): { username: string; password: string } {
  const file = JSON.parse(readFileSync(E2E_OPERATORS_FILE, 'utf8')) as {
    operators: { username: string; role: string; password: string }[];
  };
  const found = file.operators.find((o) => o.role === role);
  if (!found) throw new Error(`no demo operator of role ${role}`);
  return found;
}

/** The password a demo operator chose at their first sign-in (docs/back-office/operators.md#first-sign-in). */
const ownPasswordOf = (seeded: string) => `${seeded}-own`;

/** The role's demo operator with their own password (call after totpCodeFor/operatorToken, which set it). */
export function demoOperator(role: Role): { username: string; password: string } {
  const { username, password } = seededOperator(role);
  return { username, password: ownPasswordOf(password) };
}

/** A POST of the back-office API (marker header, the operator's token); throws on any failed answer. */
export async function adminPost(path: string, body: unknown, token?: string) {
  return adminSend('POST', path, body, token);
}

/** A PUT of the back-office API (a setting saved), like adminPost. */
export async function adminPut(path: string, body: unknown, token?: string) {
  return adminSend('PUT', path, body, token);
}

async function adminSend(method: 'POST' | 'PUT', path: string, body: unknown, token?: string) {
  const response = await fetch(`${SERVER_URL}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-client': 'backoffice',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * A code of a step no earlier sign-in used (the server accepts each step once); waits when even the next step was
 * taken. Call inside withLock.
 */
async function freshCode(role: Role, secrets: Secrets): Promise<string> {
  const entry = secrets[role]!;
  // The server takes the step before and after the current one too (clock drift): the next step's code works now.
  let step = Math.max(Math.floor(Date.now() / 30_000), entry.lastStep + 1);
  if (step > Math.floor(Date.now() / 30_000) + 1) {
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * 30_000 - Date.now() + 500));
    step = Math.max(Math.floor(Date.now() / 30_000), entry.lastStep + 1);
  }
  entry.lastStep = step;
  writeFileSync(E2E_OPERATOR_SECRETS_FILE, JSON.stringify(secrets));
  return generate({ secret: entry.secret, epoch: step * 30 + 1 });
}

/**
 * Chooses the role's own password and enrols its authenticator (first use in this run), keeping its secret. Call inside
 * withLock.
 */
async function ensureEnrolled(role: Role, secrets: Secrets): Promise<void> {
  if (secrets[role]) return;
  const { username, password } = seededOperator(role);
  const signIn = await adminPost('/api/admin/auth/sign-in', { username, password });
  if (signIn.next !== 'password')
    throw new Error(`${role} chose its password but its secret is unknown to the tests`);
  const chosen = await adminPost('/api/admin/auth/set-password', {
    challengeToken: signIn.challengeToken,
    newPassword: ownPasswordOf(password),
  });
  if (chosen.next !== 'enrol') throw new Error(`${role} is enrolled but its secret is unknown`);
  const start = await adminPost('/api/admin/auth/enrol/start', {
    challengeToken: signIn.challengeToken,
  });
  const secret = String(start.secret);
  const step = Math.floor(Date.now() / 30_000);
  await adminPost('/api/admin/auth/enrol/confirm', {
    challengeToken: signIn.challengeToken,
    code: await generate({ secret, epoch: step * 30 + 1 }),
  });
  secrets[role] = { secret, lastStep: step };
  writeFileSync(E2E_OPERATOR_SECRETS_FILE, JSON.stringify(secrets));
}

/** A current authenticator code of the (enrolled) role no other sign-in of this run used. */
export async function totpCodeFor(role: Role): Promise<string> {
  return withLock(async () => {
    const secrets = readSecrets();
    await ensureEnrolled(role, secrets);
    return freshCode(role, secrets);
  });
}

const tokens = new Map<Role, string>();

async function isLive(token: string): Promise<boolean> {
  const response = await fetch(`${SERVER_URL}/api/admin/auth/me`, {
    headers: { 'x-client': 'backoffice', authorization: `Bearer ${token}` },
  });
  return response.ok;
}

/**
 * The role's back-office session token: one sign-in per worker and role, reused while it lives (each sign-in spends a
 * TOTP step, and steps are scarce: two a minute per operator).
 */
export async function operatorToken(role: Role): Promise<string> {
  const known = tokens.get(role);
  if (known && (await isLive(known))) return known;
  const token = await signInByApi(role);
  tokens.set(role, token);
  return token;
}

async function signInByApi(role: Role): Promise<string> {
  const { username, password } = demoOperator(role);
  const code = await totpCodeFor(role);
  const signIn = await adminPost('/api/admin/auth/sign-in', { username, password });
  const verified = await adminPost('/api/admin/auth/totp', {
    challengeToken: signIn.challengeToken,
    code,
  });
  return String(verified.token);
}

/** Opens the back office already signed in as the role (token put in the tab's sessionStorage). */
export async function openBackoffice(page: Page, role: Role, path = '/'): Promise<string> {
  const token = await operatorToken(role);
  await page.addInitScript(
    (value) => sessionStorage.setItem('mekong-backoffice-token', value),
    token,
  );
  await page.goto(`/backoffice${path === '/' ? '/' : path}`);
  return token;
}

/** Signs in through the sign-in page: username, (own) password, then the authenticator code. */
export async function signInThroughPage(page: Page, role: Role): Promise<void> {
  const { username, password } = demoOperator(role);
  // First (it enrols the role's authenticator on first use, which must not race the page's own sign-in).
  const code = await totpCodeFor(role);
  await page.goto('/backoffice/sign-in');
  await page.getByLabel(/username|ชื่อผู้ใช้|ຊື່ຜູ້ໃຊ້/i).fill(username);
  await page.getByLabel(/^(password|รหัสผ่าน|ລະຫັດຜ່ານ)$/i).fill(password);
  await page.getByRole('button', { name: /sign in|เข้าสู่ระบบ|ເຂົ້າສູ່ລະບົບ/i }).click();
  await page.getByLabel(/authenticator code|รหัสจากแอป|ລະຫັດຈາກແອັບ/i).fill(code);
  await page.getByRole('button', { name: /verify|ยืนยัน|ຢືນຢັນ/i }).click();
}

/**
 * A re-authentication in the back office's dialog (money decisions): the password and a fresh code. Waits for the
 * dialog first.
 */
export async function confirmReauth(page: Page, role: Role): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^(password|รหัสผ่าน|ລະຫັດຜ່ານ)$/i).fill(demoOperator(role).password);
  await dialog.getByLabel(/authenticator code|รหัสจากแอป|ລະຫັດຈາກແອັບ/i).fill(await totpCodeFor(role));
  await dialog.getByRole('button', { name: /confirm|ยืนยัน|ຢືນຢັນ/i }).click();
}

/**
 * A new operator nobody else uses (created by the demo owner through the API) with the one-time password the owner saw,
 * not enrolled yet: for tests that walk through the own-password and enrolment pages without racing the demo operators.
 */
export async function freshOperator(role: Role): Promise<{ username: string; password: string }> {
  const token = await operatorToken('owner');
  const username = `${role}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const body = { username, displayName: `Test ${role}`, role };
  // Creating an operator asks for a fresh re-authentication once the owner's sign-in is five minutes old.
  const created = await adminPost('/api/admin/operators', body, token).catch(async () => {
    await adminPost(
      '/api/admin/auth/reauth',
      { password: demoOperator('owner').password, code: await totpCodeFor('owner') },
      token,
    );
    return adminPost('/api/admin/operators', body, token);
  });
  return { username, password: String(created.initialPassword) };
}
