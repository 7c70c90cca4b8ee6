import fp from 'fastify-plugin';
import helmet from 'helmet';
import { HOWTO_MEDIA_PATH } from '@mekong/contracts/lookup';
import { CHAT_MEDIA_PATH, isApiPath } from '@/plugins/client-marker.ts';

/**
 * Security headers with a CSP for the Vite SPA: own scripts only; images, fonts and media also as data: URLs.
 * Helmet's middleware is built once and applied to every response (@fastify/helmet built it again on every request,
 * a measurable share of a wallet call's CPU: docs/decisions/0006). The chat socket's HTTP answers (Engine.IO
 * polling, which Fastify never sees) get the same (modules/chat/chat-socket.ts).
 */
export const applySecurityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // React and component libraries set inline styles; scripts stay strict.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Operator content (logos, banners) may come from the operator's CDN over https.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      mediaSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'"],
      // The how-to page embeds videos.
      frameSrc: ["'self'", 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // Operator images may be served from another origin.
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
});

export const securityHeaders = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      applySecurityHeaders(request.raw, reply.raw, (error?: unknown) =>
        done(error instanceof Error ? error : undefined),
      );
    });
    // API answers are a member's data (or a slip image): never kept by a browser or a proxy, errors included. A chat
    // media file never changes at its unguessable address, so the browser keeps it (docs/decisions/0015-support-chat.md).
    app.addHook('onSend', async (request, reply) => {
      if (!isApiPath(request.url)) return;
      if (reply.statusCode === 200 && request.url.startsWith(CHAT_MEDIA_PATH)) return;
      // So is a how-to video or poster, whole or a range of it (docs/decisions/0020-howto-videos.md).
      if (
        (reply.statusCode === 200 || reply.statusCode === 206) &&
        request.url.startsWith(HOWTO_MEDIA_PATH)
      )
        return;
      reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security-headers' },
);
