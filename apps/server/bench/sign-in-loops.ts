/**
 * bench/sign-in.ts's operator sign-in loops, in a process of their own so they do not take the server's event loop:
 * SIGNIN_LOOPS (JSON: base, seconds, tries) names the server, how long, and each loop's username and password (a
 * password ending in `*` gets a random suffix, a new wrong password each try). Prints the answers as JSON.
 */
import { randomBytes } from 'node:crypto';

type Input = {
  base: string;
  seconds: number;
  tries: { username: string; password: string }[];
  /** Instead of signing in, GET this path (a control: any request flood). */
  getPath?: string;
};
const input = JSON.parse(process.env.SIGNIN_LOOPS ?? '{}') as Input;

const answers: Record<string, number> = {};
let count = 0;
const started = performance.now();
const deadline = started + input.seconds * 1000;
await Promise.all(
  input.tries.map(async (credentials, loop) => {
    while (performance.now() < deadline) {
      const password = credentials.password.endsWith('*')
        ? `${credentials.password.slice(0, -1)}${randomBytes(4).toString('hex')}`
        : credentials.password;
      const key = await fetch(`${input.base}${input.getPath ?? '/api/admin/auth/sign-in'}`, {
        method: input.getPath ? 'GET' : 'POST',
        headers: {
          ...(input.getPath ? {} : { 'content-type': 'application/json' }),
          'x-client': 'backoffice',
          'x-forwarded-for': `10.100.${loop >> 8}.${(loop & 255) + 1}`,
        },
        ...(input.getPath
          ? {}
          : { body: JSON.stringify({ username: credentials.username, password }) }),
      }).then(
        async (r) => `${r.status} ${((await r.json()) as { message?: string }).message ?? 'OK'}`,
        () => 'network error',
      );
      count += 1;
      answers[key] = (answers[key] ?? 0) + 1;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage();
console.log(
  JSON.stringify({
    answers,
    rate: count / seconds,
    cores: (cpu.user + cpu.system) / 1e6 / seconds,
  }),
);
