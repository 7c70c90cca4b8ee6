import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '@/db/schema.ts';
import { AppError } from '@/lib/app-error.ts';
import { findSetting } from '@/modules/settings/settings.repository.ts';
import { isApiPath } from '@/plugins/client-marker.ts';

/** When the operator terminated the service, every non-lookup /api call answers 410 `gone`. */
export const serviceState = fp<{ db: Kysely<Database> }>(
  async (app, { db }) => {
    app.addHook('onRequest', async (request) => {
      if (!isApiPath(request.url) || request.url.startsWith('/api/lookup/')) return;
      const service = await findSetting(db, 'service');
      if (service?.terminated) throw new AppError('gone');
    });
  },
  { name: 'service-state', dependencies: ['client-marker'] },
);
