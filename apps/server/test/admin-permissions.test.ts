import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContract, Role } from '@mekong/contracts/admin/admin-contract';
import { ROLE_PERMISSIONS } from '@/modules/operators/permissions.ts';
import { signedInMember } from './support/members.ts';
import { adminApi, signedInOperator } from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const ROLES: Role[] = ['owner', 'finance', 'support', 'marketing', 'auditor'];
/** The sign-in steps: the only back-office calls made without a session. */
const PUBLIC = new Set([
  'POST /api/admin/auth/sign-in',
  'POST /api/admin/auth/set-password',
  'POST /api/admin/auth/enrol/start',
  'POST /api/admin/auth/enrol/confirm',
  'POST /api/admin/auth/totp',
]);
/** Would end the very session the walk uses; tested in admin-auth.test.ts. */
const SKIPPED = new Set(['POST /api/admin/auth/sign-out']);

function isAdminContract(value: unknown): value is AdminContract {
  return (
    typeof value === 'object' &&
    value !== null &&
    'permission' in value &&
    'path' in value &&
    'method' in value
  );
}

async function allAdminContracts(): Promise<AdminContract[]> {
  const dir = join(import.meta.dirname, '../../../packages/contracts/src/admin');
  const found = new Map<string, AdminContract>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const module = (await import(join(dir, file))) as Record<string, unknown>;
    for (const value of Object.values(module))
      if (isAdminContract(value)) found.set(`${value.method} ${value.path}`, value);
  }
  return [...found.values()];
}

const urlOf = (contract: AdminContract) => contract.path.replace(/:[A-Za-z]+/g, () => randomUUID());
const key = (contract: AdminContract) => `${contract.method} ${contract.path}`;

let t: TestApp;
let contracts: AdminContract[];
const tokens = new Map<Role, string>();
let memberToken: string;

beforeAll(async () => {
  t = await createTestApp();
  contracts = await allAdminContracts();
  for (const role of ROLES) tokens.set(role, (await signedInOperator(t, role)).token);
  memberToken = (await signedInMember(t)).token;
});
afterAll(async () => {
  await t.close();
});

describe('every /api/admin call against the permission matrix (docs/decisions/0014-back-office.md#roles)', () => {
  it('every registered /api/admin route is an admin contract (none escapes the matrix)', () => {
    const known = new Set(contracts.map(key));
    const registered = t.app.apiRoutes.filter((r) => r.path.startsWith('/api/admin'));
    expect(registered.length).toBeGreaterThan(0);
    expect(registered.map((r) => `${r.method} ${r.path}`).filter((k) => !known.has(k))).toEqual([]);
    expect(
      contracts.map(key).filter((k) => !registered.some((r) => `${r.method} ${r.path}` === k)),
    ).toEqual([]);
  });

  it('a stranger and a member get UNAUTHORIZED from every call but the sign-in steps', async () => {
    for (const contract of contracts.filter((c) => !PUBLIC.has(key(c)))) {
      for (const token of [undefined, memberToken]) {
        const r = await adminApi(t, contract.method, urlOf(contract), { token, body: {} });
        expect(
          r.statusCode,
          `${key(contract)} as ${token ? 'member' : 'stranger'}: ${r.body}`,
        ).toBe(401);
        expect(r.json().message).toBe('UNAUTHORIZED');
      }
    }
  });

  it('each role is refused exactly the calls whose permission the matrix does not give it', async () => {
    const outcomes: string[] = [];
    for (const role of ROLES) {
      for (const contract of contracts.filter((c) => !PUBLIC.has(key(c)) && !SKIPPED.has(key(c)))) {
        const r = await adminApi(t, contract.method, urlOf(contract), {
          token: tokens.get(role),
          body: {},
        });
        const isAllowed =
          contract.permission === null || ROLE_PERMISSIONS[role].includes(contract.permission);
        const label = `${role} ${key(contract)} (${contract.permission ?? 'any'}): ${r.statusCode} ${r.body.slice(0, 120)}`;
        expect(r.statusCode, label).toBeLessThan(500);
        if (isAllowed) {
          expect(r.json().message ?? '', label).not.toBe('UNAUTHORIZED');
          expect(r.json().message ?? '', label).not.toBe('OPERATOR_FORBIDDEN');
        } else {
          expect(r.statusCode, label).toBe(403);
          expect(r.json().message, label).toBe('OPERATOR_FORBIDDEN');
        }
        outcomes.push(`${role}:${isAllowed ? 'allowed' : 'forbidden'}`);
      }
    }
    // The walk really covered both sides of the matrix for every role but the owner.
    for (const role of ROLES.filter((r) => r !== 'owner'))
      expect(outcomes, role).toContain(`${role}:forbidden`);
  });

  it('bad bodies on every call (empty, wrong type, control characters, huge text) get a code, never a 500', async () => {
    const owner = tokens.get('owner')!;
    const failures: string[] = [];
    for (const contract of contracts.filter((c) => !SKIPPED.has(key(c)) && c.method !== 'GET')) {
      const shape = (contract.body as { shape?: Record<string, unknown> } | undefined)?.shape ?? {
        field: null,
      };
      const bodies: unknown[] = [{}, [], 'text', 42, null];
      for (const field of Object.keys(shape))
        bodies.push(
          { [field]: 'a\u0000b' },
          { [field]: 'x'.repeat(60_000) },
          { [field]: { nested: [1] } },
          { [field]: -1e308 },
        );
      for (const body of bodies) {
        const r = await adminApi(t, contract.method, urlOf(contract), { token: owner, body });
        if (r.statusCode >= 500 && r.statusCode !== 503)
          failures.push(
            `${key(contract)} ${JSON.stringify(body).slice(0, 60)}: ${r.statusCode} ${r.body.slice(0, 100)}`,
          );
        else if (typeof r.json().message !== 'string' && r.statusCode >= 400)
          failures.push(`${key(contract)}: no message code`);
      }
    }
    expect(failures).toEqual([]);
  });
});
