import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_VERSION } from '@mekong/contracts/constants';
import { bearerOf } from '@/lib/bearer.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import { buildOpenApiDocument, memberPartOf } from '@/modules/api-docs/openapi-document.ts';

export const API_DOCS_PATH = '/api/docs';

/**
 * The OpenAPI document at /api/docs/json (and /yaml) and its rendered page at /api/docs
 * (docs/decisions/0016-api-docs.md). The back-office part is only a signed-in operator's: anyone else, members
 * included, gets the member part (docs/operations.md#production).
 * A plugin registered after every other route: plugins load in order, so when it runs the routes of the contexts
 * registered before it (the multipart uploads) are in the table too.
 */
export async function registerApiDocs(app: FastifyInstance, routes: ApiRouteTable): Promise<void> {
  await app.register(async (docs) => {
    const document = buildOpenApiDocument(routes, APP_VERSION);
    const memberPart = memberPartOf(document);
    const operatorRequests = new WeakSet<FastifyRequest>();
    await docs.register(swagger, {
      mode: 'static',
      specification: { document: document as never },
    });
    await docs.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      uiConfig: { docExpansion: 'none', deepLinking: true, validatorUrl: null },
      // The page's own scripts and styles only (the server's CSP stays strict).
      staticCSP: true,
      uiHooks: {
        onRequest: async (request) => {
          const token = bearerOf(request);
          if (!token) return;
          // A token that is no live operator session (a member's, an expired one) simply reads the member part.
          const operator = await app.operatorAuth.authenticate(token, request.ip).catch(() => null);
          if (operator) operatorRequests.add(request);
        },
      },
      transformSpecificationClone: false,
      transformSpecification: (whole, request) =>
        operatorRequests.has(request) ? whole : (memberPart as never),
    });
  });
}
