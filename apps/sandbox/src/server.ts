import { sandboxSecretsFrom } from '@mekong/contracts/installation-secrets';
import { buildSandbox } from './app.ts';

const port = Number(process.env.SANDBOX_PORT ?? 3001);
// Loopback unless told otherwise: the sandbox's controls have no key (never the server's HOST).
const host = process.env.SANDBOX_HOST || '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`SANDBOX_PORT must be a port number, got "${process.env.SANDBOX_PORT}"`);
  process.exit(1);
}

// `npm start` hands it the installation's generated secrets (scripts/start.mjs).
const app = await buildSandbox({ logger: true, secrets: sandboxSecretsFrom(process.env) });
await app.listen({ port, host });

let isClosing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // The same signal can arrive twice (from the terminal and from scripts/start.mjs); close once.
  process.on(signal, () => {
    if (isClosing) return;
    isClosing = true;
    void app.close().then(() => process.exit(0));
  });
}
