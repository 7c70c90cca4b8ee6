import { buildApp } from '@/app.ts';
import { ConfigError, loadConfig } from '@/config.ts';
import { startMetricsListener } from '@/plugins/observability.ts';

async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config, isJobsEnabled: config.JOBS_ENABLED });
  const metricsListener = config.METRICS_PORT
    ? await startMetricsListener(app.metrics, config.METRICS_HOST, config.METRICS_PORT)
    : null;
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await metricsListener?.close();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
