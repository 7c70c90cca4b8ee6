import fp from 'fastify-plugin';
import {
  BACKOFFICE_CLIENT_HEADER_VALUE,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
} from '@mekong/contracts/constants';
import { AppError } from '@/lib/app-error.ts';

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Calls made by others than the member web app: outside parties' webhooks (/api/hooks/…) and files a browser tab
 * opens by their unguessable address (/api/files/…, the chat's media /api/chat/media/…). They never carry the marker.
 */
export const CHAT_MEDIA_PATH = '/api/chat/media/';
const UNMARKED_PREFIXES = ['/api/hooks/', '/api/files/', CHAT_MEDIA_PATH];

export function isUnmarkedPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return UNMARKED_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** The back office's calls carry its own marker value. */
export function isAdminPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api/admin' || path.startsWith('/api/admin/');
}

/**
 * docs/design.md#members-and-sessions: every /api call carries `X-Client: member-web` (except the unmarked paths above);
 * a back-office call `X-Client: backoffice`.
 */
export const clientMarker = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (
        isApiPath(request.url) &&
        !isUnmarkedPath(request.url) &&
        request.headers[CLIENT_HEADER] !==
          (isAdminPath(request.url) ? BACKOFFICE_CLIENT_HEADER_VALUE : CLIENT_HEADER_VALUE)
      ) {
        throw new AppError('CLIENT_HEADER_REQUIRED');
      }
    });
  },
  { name: 'client-marker' },
);
