import { buildApp } from '@/app.ts';
import { ConfigError, loadConfig } from '@/config.ts';

/**
 * The server's services for a one-off command, on the configured database (DATABASE_URL, else the embedded one at
 * PGLITE_DIR, which must not be open in a running server at the same time): no demo data, no jobs, quiet log.
 */
export async function buildCliApp() {
  try {
    const config = loadConfig({ LOG_LEVEL: 'error', ...process.env, SEED_DEMO: 'false' });
    return await buildApp({ config: { ...config, DEMO_OPERATORS_FILE: undefined } });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
