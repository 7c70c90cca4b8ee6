import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '@/app-deps.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import type { AuthService } from '@/modules/auth/auth.service.ts';
import { registerChatAdminRoutes } from '@/modules/chat/chat-admin.routes.ts';
import { createChatAdminService } from '@/modules/chat/chat-admin.service.ts';
import { createChatCannedService } from '@/modules/chat/chat-canned.service.ts';
import { createChatIdentities } from '@/modules/chat/chat-identity.ts';
import { createChatLimits } from '@/modules/chat/chat-limits.ts';
import { guardSocketSessions } from '@/modules/chat/chat-session-guard.ts';
import {
  agentSessionOf,
  customerSessionOf,
  handleAgentSockets,
  handleCustomerSockets,
} from '@/modules/chat/chat-socket-handlers.ts';
import { attachChatSockets } from '@/modules/chat/chat-socket.ts';
import { registerChatRoutes } from '@/modules/chat/chat.routes.ts';
import { createChatService } from '@/modules/chat/chat.service.ts';
import type { OperatorAuthService } from '@/modules/operators/operator-auth.service.ts';
import type { SlipService } from '@/modules/slip/slip.service.ts';

/** The support chat: its calls, the agents' calls and the sockets on the server's port (issue 12). */
export function registerChat(
  app: FastifyInstance,
  routes: ApiRouteTable,
  deps: AppDeps,
  services: { auth: AuthService; operatorAuth: OperatorAuthService; slips: SlipService },
) {
  const sockets = attachChatSockets(app, deps.config);
  const identities = createChatIdentities(deps, services.auth);
  const chat = createChatService(deps, identities, createChatLimits(deps), sockets.hub);
  registerChatRoutes(app, routes, chat, identities);
  registerChatAdminRoutes(app, routes, {
    chat: createChatAdminService(deps, sockets.hub, services.slips),
    canned: createChatCannedService(deps),
  });
  handleCustomerSockets(app, sockets.customers, deps, identities, sockets.hub);
  handleAgentSockets(app, sockets.agents, deps, services.operatorAuth, sockets.hub);
  return guardSocketSessions(
    app,
    sockets,
    { customer: customerSessionOf, agent: agentSessionOf },
    deps,
  );
}
