import fp from 'fastify-plugin';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@mekong/contracts/constants';
import { AppError } from '@/lib/app-error.ts';

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

/** DESIGN D4: every /api call carries `X-Client: member-web`. */
export const clientMarker = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (isApiPath(request.url) && request.headers[CLIENT_HEADER] !== CLIENT_HEADER_VALUE) {
        throw new AppError('CLIENT_HEADER_REQUIRED');
      }
    });
  },
  { name: 'client-marker' },
);
