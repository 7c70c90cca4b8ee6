import { z } from 'zod';
import type { Contract } from '@mekong/contracts/contract';
import { messageCodes } from '@mekong/contracts/messages';

/**
 * The OpenAPI 3.1 document of the member and back-office APIs, made from the contracts the server registered
 * (docs/decisions/0016-api-docs.md): the same zod schemas validate the calls, so the document cannot drift from them.
 */

export type DocumentedRoute = {
  method: string;
  path: string;
  contract?: Contract;
  summary?: string;
  session?: 'member' | 'operator' | 'none';
};

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

/** `/api/admin/members/:id` → `/api/admin/members/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}

function tagOf(path: string): string {
  const [, , first, second] = path.split('/');
  return first === 'admin' ? `admin/${second ?? ''}` : (first ?? 'api');
}

function isAdmin(
  contract: Contract,
): contract is Contract & { permission: string | null; isReauthRequired: boolean } {
  return 'permission' in contract;
}

function parametersOf(route: DocumentedRoute): Operation[] {
  const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
  const shape = route.contract?.params ? jsonSchema(route.contract.params, 'input') : undefined;
  const properties = (shape?.properties ?? {}) as Record<string, JsonSchema>;
  return names.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? { type: 'string' },
  }));
}

const errorResponse = {
  description:
    'A message code of the catalogue (packages/contracts/src/messages.ts) with its HTTP status.',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

function operationOf(route: DocumentedRoute): Operation {
  const { contract } = route;
  const operation: Operation = {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[/:{}-]+(\w)?/g, (_, c?: string) => (c ?? '').toUpperCase())}`,
    tags: [tagOf(route.path)],
    parameters: parametersOf(route),
  };
  if (!contract) {
    operation.summary = route.summary ?? '';
    operation.responses = { '200': { description: 'See the summary.' }, default: errorResponse };
    return operation;
  }
  if (contract.body) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchema(contract.body, 'input') } },
    };
  } else if (contract.method === 'POST' && /upload|slip$/.test(contract.path)) {
    operation.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { file: { type: 'string', format: 'binary' } },
            required: ['file'],
          },
        },
      },
    };
  }
  operation.responses = {
    '200': {
      description: 'OK',
      content: { 'application/json': { schema: jsonSchema(contract.response, 'output') } },
    },
    default: errorResponse,
  };
  operation.security = route.session && route.session !== 'none' ? [{ [route.session]: [] }] : [];
  if (isAdmin(contract)) {
    operation['x-permission'] = contract.permission;
    operation['x-reauth-required'] = contract.isReauthRequired;
    operation.parameters = [
      ...(operation.parameters as Operation[]),
      { name: 'x-client', in: 'header', required: true, schema: { const: 'backoffice' } },
    ];
  } else {
    operation.parameters = [
      ...(operation.parameters as Operation[]),
      { name: 'x-client', in: 'header', required: true, schema: { const: 'member-web' } },
    ];
  }
  return operation;
}

export function buildOpenApiDocument(routes: readonly DocumentedRoute[], version: string) {
  const paths: Record<string, Record<string, Operation>> = {};
  const sorted = [...routes].sort(
    (a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
  );
  for (const route of sorted) {
    const method = route.method.toLowerCase();
    if (!METHODS.includes(method as (typeof METHODS)[number])) continue;
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][method] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mekong Wallet API',
      version,
      description:
        'The member web API (`/api/...`, `X-Client: member-web`, a member session as Bearer token) and the back-office ' +
        'API (`/api/admin/...`, `X-Client: backoffice`, an operator session). Money in member calls is in baht ' +
        '(or kip); in back-office calls in minor units as decimal strings. Every error answers `{ message: <code> }`.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        member: {
          type: 'http',
          scheme: 'bearer',
          description: 'A member session token (POST /api/login).',
        },
        operator: {
          type: 'http',
          scheme: 'bearer',
          description: 'An operator session (sign-in, then TOTP).',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: { message: { type: 'string', enum: [...messageCodes] } },
          required: ['message'],
        },
      },
    },
    paths,
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/** The document without the back-office API (`/api/admin/...`): what anyone but a signed-in operator reads. */
export function memberPartOf(document: OpenApiDocument): OpenApiDocument {
  const { operator: _operator, ...securitySchemes } = document.components.securitySchemes;
  return {
    ...document,
    info: {
      ...document.info,
      description:
        'The member web API (`/api/...`, `X-Client: member-web`, a member session as Bearer token). Money is in ' +
        'baht (or kip). Every error answers `{ message: <code> }`.',
    },
    components: { ...document.components, securitySchemes: securitySchemes as never },
    paths: Object.fromEntries(
      Object.entries(document.paths).filter(([path]) => !path.startsWith('/api/admin')),
    ),
  };
}
