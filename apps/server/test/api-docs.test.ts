import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '@/modules/api-docs/openapi-document.ts';
import { signedInMember } from './support/members.ts';
import { signedInOperator } from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** docs/decisions/0016-api-docs.md: the OpenAPI document lists every API route the server has, and only those. */

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; 'x-permission'?: string | null }>>;
};

/** Every (method, path) Fastify routes, read from its route tree (printRoutes nests child segments under parents). */
function routesOf(tree: string): { method: string; path: string }[] {
  const found: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│├└─\s]*)(\S.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = Math.round((match[1] ?? '').length / 4);
    const segment = match[2] ?? '';
    const parent = stack[depth - 1] ?? '';
    // A child segment continues its parent's text as it is (`transfer` + `All`, `summary` + `.csv`).
    const path = `${parent}${segment}`;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ')) found.push({ method, path });
  }
  return found;
}

let t: TestApp;
let doc: Doc;
let operatorToken: string;

const docsAs = (token?: string, url = '/api/docs/json') =>
  t.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

beforeAll(async () => {
  t = await createTestApp();
  // The whole document is a signed-in operator's (issue 27 item 7); the member part is everyone's.
  operatorToken = (await signedInOperator(t, 'auditor')).token;
  const response = await docsAs(operatorToken);
  expect(response.statusCode).toBe(200);
  doc = response.json();
});
afterAll(async () => {
  await t.close();
});

describe('API documentation', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every API route of the server, member and back office alike, and no route the server lacks', () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false })).filter(
      (r) => r.path.startsWith('/api/') && !r.path.startsWith('/api/docs') && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(150);
    const missing = routes.filter((r) => !doc.paths[openApiPath(r.path)]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
    );
    expect(documented.length).toBe(routes.length);
    expect(routes.some((r) => r.path.startsWith('/api/admin/'))).toBe(true);
  });

  it('says which calls need a member or an operator session and which permission', () => {
    expect(doc.paths['/api/wallet']?.get?.security).toEqual([{ member: [] }]);
    expect(doc.paths['/api/login']?.post?.security).toEqual([]);
    expect(doc.paths['/api/admin/members/{id}']?.get?.security).toEqual([{ operator: [] }]);
    expect(doc.paths['/api/admin/members/{id}']?.get?.['x-permission']).toBe('members.read');
    expect(doc.paths['/api/admin/auth/sign-in']?.post?.security).toEqual([]);
  });

  it('serves a rendered page a browser opens without the client marker', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    const json = await docsAs(operatorToken);
    expect(json.json()).toEqual(doc);
  });
});

describe('the back-office part of the API documentation (issue 27 item 7)', () => {
  const adminPaths = (document: Doc) =>
    Object.keys(document.paths).filter((path) => path.startsWith('/api/admin'));

  it('is shown to nobody but a signed-in operator: anonymous and members see the member part only', async () => {
    expect(adminPaths(doc).length).toBeGreaterThan(50);
    const member = await signedInMember(t);
    for (const token of [undefined, member.token, 'not-a-session-token']) {
      const response = await docsAs(token);
      expect(response.statusCode).toBe(200);
      const memberDoc = response.json<Doc>();
      expect(adminPaths(memberDoc)).toEqual([]);
      expect(memberDoc.paths['/api/wallet']?.get).toEqual(doc.paths['/api/wallet']?.get);
      expect(Object.keys(memberDoc.paths).length).toBe(
        Object.keys(doc.paths).length - adminPaths(doc).length,
      );
      expect(JSON.stringify(memberDoc)).not.toMatch(/x-permission|\/api\/admin/);
      const result = await new Validator().validate(memberDoc as never);
      expect(result.errors ?? []).toEqual([]);
    }
  });

  it('keeps the YAML form to the same rule', async () => {
    const anonymous = await docsAs(undefined, '/api/docs/yaml');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).toContain('/api/wallet');
    expect(anonymous.body).not.toContain('/api/admin');
    expect((await docsAs(operatorToken, '/api/docs/yaml')).body).toContain('/api/admin/members');
  });
});
