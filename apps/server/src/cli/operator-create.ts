import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { roleSchema } from '@mekong/contracts/admin/admin-contract';
import { AppError } from '@/lib/app-error.ts';
import { buildCliApp } from '@/cli/cli-app.ts';
import { MIN_OPERATOR_PASSWORD } from '@/modules/operators/operator-auth.service.ts';

const USAGE = `npm run operator:create -- --username <name> [--role owner|finance|support|marketing|auditor] [--name "Display name"]
The password is read from OPERATOR_PASSWORD, else asked for (at least ${MIN_OPERATOR_PASSWORD} characters).
The operator enrols an authenticator app (TOTP) at the first sign-in at /backoffice.`;

async function askPassword(): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  process.stderr.write('Password: ');
  const line = await rl.question('');
  rl.close();
  return line.trim();
}

async function main() {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      role: { type: 'string', default: 'owner' },
      name: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const role = roleSchema.safeParse(values.role);
  if (values.help || !values.username || !role.success) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const password = process.env.OPERATOR_PASSWORD ?? (await askPassword());
  const app = await buildCliApp();
  try {
    const created = await app.operatorAuth.createOperator({
      username: values.username,
      displayName: values.name ?? values.username,
      role: role.data,
      password,
    });
    console.log(
      `operator ${created.username} (${role.data}) created; sign in at /backoffice to enrol the authenticator`,
    );
  } catch (error) {
    console.error(
      error instanceof AppError ? error.code : error instanceof Error ? error.message : error,
    );
    process.exitCode = 1;
  } finally {
    await app.close();
  }
}

void main();
