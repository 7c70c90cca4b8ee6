import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMessageCode, sessionEndedCodes } from '@mekong/contracts/messages';
import { BAD_PARAMS, badBodies } from './support/bad-bodies.ts';
import { signedInMember } from './support/members.ts';
import { reauthenticate, signedInOperator } from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 13: at least 10,000 requests built from the contracts' schemas, across every member and back-office call,
 * each one a body or path the contract refuses: none answers 500 or anything but a catalogue code, and the database
 * is the same afterwards, table by table.
 */

const PER_ROUTE = 150;
/** Session rows are touched by every signed-in call (last use); only their number and revocations must not change. */
const ACTIVITY_TABLES = new Set(['sessions', 'operator_sessions']);

let t: TestApp;
let memberToken: string;
let operatorToken: string;

async function fingerprint(): Promise<Record<string, string>> {
  const db = t.app.deps.db.kysely;
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(db);
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const table = sql.table(name);
    const row = ACTIVITY_TABLES.has(name)
      ? await sql<{
          h: string;
        }>`select count(*) || '/' || count(revoked_at) as h from ${table}`.execute(db)
      : await sql<{ h: string }>`
          select count(*) || '/' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h
          from ${table} x`.execute(db);
    out[name] = row.rows[0]?.h ?? '';
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  memberToken = (await signedInMember(t)).token;
  const owner = await signedInOperator(t, 'owner');
  await reauthenticate(t, owner);
  operatorToken = owner.token;
});
afterAll(async () => {
  await t?.close();
});

/** `mustRefuse`: a bad body or path; a GET's ignored query or body may be answered normally. */
type Sent = {
  method: string;
  url: string;
  body?: unknown;
  status: number;
  answer: string;
  mustRefuse: boolean;
  isSignedIn: boolean;
};

describe('generated bad input (every contract)', () => {
  it('answers at least 10,000 refused requests with catalogue codes, never a 500, and changes nothing', async () => {
    const routes = t.app.apiRoutes;
    // Reads that make a member's row on first use (the wheel's coin state) are made once before the fingerprint.
    for (const route of routes.filter((r) => r.method === 'GET' && !r.path.includes(':'))) {
      const isAdmin = route.path.startsWith('/api/admin/');
      await t.app.inject({
        method: 'GET',
        url: route.path,
        headers: isAdmin
          ? { 'x-client': 'backoffice', authorization: `Bearer ${operatorToken}` }
          : { 'x-client': 'member-web', authorization: `Bearer ${memberToken}` },
      });
    }
    const before = await fingerprint();
    const sent: Sent[] = [];
    expect(routes.length).toBeGreaterThan(150);

    for (const route of routes) {
      const isAdmin = route.path.startsWith('/api/admin/');
      const headers: Record<string, string> = isAdmin
        ? { 'x-client': 'backoffice', authorization: `Bearer ${operatorToken}` }
        : { 'x-client': 'member-web', authorization: `Bearer ${memberToken}` };
      const url = (value: string) => route.path.replace(/:[A-Za-z]+/g, () => value);
      const okParam = '00000000-0000-4000-8000-000000000000';
      const send = async (target: string, body?: unknown, mustRefuse = true) => {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: target,
          headers:
            body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        sent.push({
          method: route.method,
          url: target,
          body,
          status: response.statusCode,
          answer: response.body,
          mustRefuse,
          isSignedIn: route.session !== 'none',
        });
      };

      if (route.path.includes(':')) for (const value of BAD_PARAMS) await send(url(value));
      if (route.method === 'POST' || route.method === 'PUT') {
        for (const body of badBodies(route.contract?.body, PER_ROUTE))
          await send(url(okParam), body);
      } else {
        // A GET or DELETE carries no body: query junk, and bodies it must not read (a GET may ignore both).
        const mustRefuse = route.method !== 'GET';
        await send(`${url(okParam)}?page=%00&limit=-1&__proto__[x]=1`, undefined, false);
        await send(`${url(okParam)}?${'a='.repeat(2000)}`, undefined, false);
        for (const body of badBodies(undefined, PER_ROUTE))
          await send(url(okParam), body, mustRefuse);
      }
    }

    const serverErrors = sent.filter((s) => s.status >= 500 && s.status !== 503);
    expect(serverErrors.slice(0, 5)).toEqual([]);
    const unexpected = sent.filter((s) => {
      if (s.status < 400) return s.mustRefuse;
      try {
        return !isMessageCode((JSON.parse(s.answer) as { message?: unknown }).message);
      } catch {
        return true;
      }
    });
    // A refused body is never accepted, and every refusal is a code of the catalogue.
    expect(
      unexpected.slice(0, 5).map((s) => ({ ...s, body: JSON.stringify(s.body)?.slice(0, 200) })),
    ).toEqual([]);
    expect(await fingerprint()).toEqual(before);
    // The sessions stayed valid throughout (operators' and members' alike answer UNAUTHORIZED without one), so every
    // call was refused for its input, not for a lost session.
    const lostSessions = sent.filter(
      (s) =>
        s.isSignedIn &&
        sessionEndedCodes.some((code) => s.answer === JSON.stringify({ message: code })),
    );
    expect(lostSessions.map((s) => `${s.method} ${s.url} ${s.answer}`).slice(0, 5)).toEqual([]);
    expect(sent.length).toBeGreaterThanOrEqual(10_000);
  }, 900_000);
});
