import type { FastifyInstance } from 'fastify';
import {
  adminChatAgentsContract,
  adminChatAssignContract,
  adminChatCannedCreateContract,
  adminChatCannedDeleteContract,
  adminChatCannedListContract,
  adminChatCannedUpdateContract,
  adminChatCheckSlipContract,
  adminChatGetContract,
  adminChatListContract,
  adminChatMessagesContract,
  adminChatReadContract,
  adminChatSendContract,
  adminChatStatusContract,
  adminChatTakeNextContract,
  adminChatUploadContract,
} from '@mekong/contracts/admin/chat';
import { adminRoute } from '@/lib/admin-route.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import type { ChatAdminService } from '@/modules/chat/chat-admin.service.ts';
import type { ChatCannedService } from '@/modules/chat/chat-canned.service.ts';
import { chatUploadContext, readUpload } from '@/modules/chat/chat-upload.ts';

/** The agents' chat calls in the back office (docs/decisions/0015-support-chat.md#agents). */
export function registerChatAdminRoutes(
  app: FastifyInstance,
  table: ApiRouteTable,
  services: { chat: ChatAdminService; canned: ChatCannedService },
) {
  const { chat, canned } = services;
  adminRoute(app, table, {
    contract: adminChatListContract,
    handler: ({ body, operator }) => chat.list(body, operator),
  });
  adminRoute(app, table, {
    contract: adminChatGetContract,
    handler: ({ params }) => chat.get(params.id),
  });
  adminRoute(app, table, {
    contract: adminChatMessagesContract,
    handler: ({ body, params }) => chat.messages(params.id, body),
  });
  adminRoute(app, table, {
    contract: adminChatSendContract,
    handler: ({ body, params, operator }) => chat.send(params.id, body, operator),
  });
  adminRoute(app, table, {
    contract: adminChatTakeNextContract,
    handler: ({ operator }) => chat.takeNext(operator),
  });
  adminRoute(app, table, {
    contract: adminChatAssignContract,
    handler: ({ body, params, operator }) => chat.assign(params.id, body.operatorId, operator),
  });
  adminRoute(app, table, {
    contract: adminChatStatusContract,
    handler: ({ body, params, operator }) => chat.status(params.id, body.status, operator),
  });
  adminRoute(app, table, {
    contract: adminChatReadContract,
    handler: ({ params }) => chat.read(params.id),
  });
  adminRoute(app, table, { contract: adminChatAgentsContract, handler: () => chat.agents() });
  adminRoute(app, table, {
    contract: adminChatCheckSlipContract,
    handler: ({ body, params, operator }) => chat.checkSlip(params.id, body.path, operator),
  });
  adminRoute(app, table, { contract: adminChatCannedListContract, handler: () => canned.list() });
  adminRoute(app, table, {
    contract: adminChatCannedCreateContract,
    handler: ({ body, operator }) => canned.create(body, operator),
  });
  adminRoute(app, table, {
    contract: adminChatCannedUpdateContract,
    handler: ({ body, params, operator }) => canned.update(params.id, body, operator),
  });
  adminRoute(app, table, {
    contract: adminChatCannedDeleteContract,
    handler: ({ params, operator }) => canned.remove(params.id, operator),
  });
  void app.register(async (upload) => {
    await chatUploadContext(upload);
    adminRoute(upload, table, {
      contract: adminChatUploadContract,
      handler: async ({ params, request }) =>
        chat.upload(params.id, await readUpload(request, 'any')),
    });
  });
}
