import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '@/db/schema.ts';
import { AppError } from '@/lib/app-error.ts';
import { findSettingCached } from '@/modules/settings/settings.repository.ts';
import { isAdminPath, isApiPath } from '@/plugins/client-marker.ts';

/**
 * When the operator terminated the service, every non-lookup /api call answers 410 `gone`, except outside parties'
 * webhooks: money already paid must still be recorded (the QR service holds it for an operator), and the back office. The switch is read
 * through the settings cache: at once after a write in this process, within SETTING_CACHE_TTL_MS (3 s) after one
 * elsewhere.
 */
export const serviceState = fp<{ db: Kysely<Database> }>(
  async (app, { db }) => {
    app.addHook('onRequest', async (request) => {
      if (!isApiPath(request.url) || request.url.startsWith('/api/lookup/')) return;
      if (request.url.startsWith('/api/hooks/')) return;
      // The back office stays open: an operator must be able to switch the service back on.
      if (isAdminPath(request.url)) return;
      const service = await findSettingCached(db, 'service');
      if (service?.terminated) throw new AppError('gone');
    });
  },
  { name: 'service-state', dependencies: ['client-marker'] },
);
