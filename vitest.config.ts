import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const at = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias: { '@': at('./apps/sandbox/src') } },
        test: { name: 'sandbox', include: ['apps/sandbox/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias: { '@': at('./apps/server/src') } },
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // Several real server processes on PostgreSQL and Redis: their own project (npm run test:cluster).
          exclude: ['apps/server/test/cluster/**', 'apps/server/test/faults/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        resolve: { alias: { '@': at('./apps/server/src') } },
        test: {
          name: 'server-cluster',
          include: ['apps/server/test/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
      {
        resolve: { alias: { '@': at('./apps/server/src') } },
        test: {
          // Real processes under faults (SIGKILL, Redis and PostgreSQL outages): npm run test:faults.
          name: 'server-faults',
          include: ['apps/server/test/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
      {
        resolve: { alias: { '@': at('./apps/web/src') } },
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: [at('./apps/web/src/testing/setup-tests.ts')],
        },
      },
      {
        resolve: { alias: { '@': at('./apps/backoffice/src') } },
        esbuild: { jsx: 'automatic' },
        test: { name: 'backoffice', include: ['apps/backoffice/src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
    ],
  },
});
