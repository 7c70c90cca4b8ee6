import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CHAT_GUEST_HEADER,
  chatClaimGuest,
  chatConfig,
  chatGuest,
  chatHistory,
  chatReadCustomer,
  chatSendMessage,
  chatUploadImage,
  chatUploadVideo,
} from '@mekong/contracts/chat';
import { AppError } from '@/lib/app-error.ts';
import { bearerOf } from '@/lib/bearer.ts';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import { storedFileReply } from '@/lib/stored-file-reply.ts';
import type { ChatIdentities, ChatIdentity } from '@/modules/chat/chat-identity.ts';
import { MEDIA_URL_PREFIX } from '@/modules/chat/chat-media.ts';
import { chatUploadContext, readUpload } from '@/modules/chat/chat-upload.ts';
import type { ChatService } from '@/modules/chat/chat.service.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    chatIdentity: ChatIdentity | null;
  }
}

function identityOf(request: FastifyRequest): ChatIdentity {
  if (!request.chatIdentity) throw new AppError('CHAT_UNAUTHORIZED');
  return request.chatIdentity;
}

/** The support chat's member and guest calls (docs/decisions/0015-support-chat.md#calls). */
export function registerChatRoutes(
  app: FastifyInstance,
  routes: ApiRouteTable,
  chat: ChatService,
  identities: ChatIdentities,
) {
  app.decorateRequest('chatIdentity', null);
  // Before the body is read: the switch, then who is calling (a member's token or a guest's).
  const identify = async (request: FastifyRequest) => {
    await identities.ensureEnabled();
    request.chatIdentity = await identities.identify({
      token: bearerOf(request),
      guestToken: request.headers[CHAT_GUEST_HEADER],
    });
  };
  const enabledOnly = async () => identities.ensureEnabled();

  contractRoute(app, routes, { contract: chatConfig, handler: () => chat.config() });
  contractRoute(app, routes, {
    contract: chatGuest,
    onRequest: enabledOnly,
    handler: ({ request }) => chat.newGuest(request.ip),
  });
  contractRoute(app, routes, {
    contract: chatSendMessage,
    onRequest: identify,
    handler: ({ body, request }) => chat.send(identityOf(request), body),
  });
  contractRoute(app, routes, {
    contract: chatHistory,
    onRequest: identify,
    handler: ({ body, request }) => chat.history(identityOf(request), body),
  });
  contractRoute(app, routes, {
    contract: chatReadCustomer,
    onRequest: identify,
    handler: ({ body, request }) => chat.readCustomer(identityOf(request), body),
  });
  contractRoute(app, routes, {
    contract: chatClaimGuest,
    onRequest: identify,
    handler: ({ body, request }) => chat.claimGuest(identityOf(request), body.guestToken),
  });

  void app.register(async (upload) => {
    await chatUploadContext(upload);
    contractRoute(upload, routes, {
      contract: chatUploadImage,
      onRequest: identify,
      handler: async ({ request }) =>
        chat.upload(identityOf(request), await readUpload(request, 'image'), 'image'),
    });
    contractRoute(upload, routes, {
      contract: chatUploadVideo,
      onRequest: identify,
      handler: async ({ request }) =>
        chat.upload(identityOf(request), await readUpload(request, 'video'), 'video'),
    });
  });

  // The media at its unguessable address: an <img> or <video> of either side loads it (no marker, no token).
  routes.push({
    method: 'GET',
    path: `${MEDIA_URL_PREFIX}:token`,
    pattern: new RegExp(`^${MEDIA_URL_PREFIX}[^/]+/?$`),
  });
  app.get<{ Params: { token: string } }>(`${MEDIA_URL_PREFIX}:token`, async (request, reply) => {
    const media = await chat.media(request.params.token);
    return storedFileReply(reply, media.type, 'private, max-age=31536000, immutable').send(
      media.bytes,
    );
  });
}
