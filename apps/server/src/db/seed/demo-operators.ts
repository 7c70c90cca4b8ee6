import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Role } from '@mekong/contracts/admin/admin-contract';
import type { OperatorAuthService } from '@/modules/operators/operator-auth.service.ts';
import { countOperators } from '@/modules/operators/operator.repository.ts';
import type { Database } from '@/db/schema.ts';
import type { Kysely } from 'kysely';

const DEMO_ROLES: readonly Role[] = ['owner', 'finance', 'support', 'marketing', 'auditor'];

/**
 * Demo operators, one per role, for `npm start` and the browser tests (docs/decisions/0014-back-office.md#first-owner):
 * only on a database with no operator, each with a random password written to `file` (never a default password).
 * Each chooses its own password and enrols its authenticator at its first sign-in.
 */
export async function seedDemoOperators(
  db: Kysely<Database>,
  auth: OperatorAuthService,
  file: string,
): Promise<boolean> {
  if ((await countOperators(db)) > 0) return false;
  const operators = [];
  for (const role of DEMO_ROLES) {
    const password = randomBytes(12).toString('base64url');
    await auth.createOperator({
      username: role,
      displayName: `Demo ${role}`,
      role,
      password,
      mustSetPassword: true,
    });
    operators.push({ username: role, role, password });
  }
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ operators }, null, 2)}\n`, { mode: 0o600 });
  return true;
}
