import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '@mekong/contracts/constants';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import { buildOpenApiDocument } from '@/modules/api-docs/openapi-document.ts';

export const API_DOCS_PATH = '/api/docs';

/**
 * The OpenAPI document at /api/docs/json and its rendered page at /api/docs (docs/decisions/0016-api-docs.md).
 * A plugin registered after every other route: plugins load in order, so when it runs the routes of the contexts
 * registered before it (the multipart uploads) are in the table too.
 */
export async function registerApiDocs(app: FastifyInstance, routes: ApiRouteTable): Promise<void> {
  await app.register(async (docs) => {
    const document = buildOpenApiDocument(routes, APP_VERSION);
    await docs.register(swagger, {
      mode: 'static',
      specification: { document: document as never },
    });
    await docs.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      uiConfig: { docExpansion: 'none', deepLinking: true, validatorUrl: null },
      // The page's own scripts and styles only (the server's CSP stays strict).
      staticCSP: true,
    });
  });
}
