import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * A node-postgres client that runs every parameterised statement as a named prepared statement, so PostgreSQL parses
 * and plans each distinct statement once per connection instead of on every call (docs/decisions/0006). The name is a
 * digest of the text, so one name always means one text (node-postgres refuses a known name with another text).
 * Statements without parameters (BEGIN, COMMIT, migrations) keep the simple protocol.
 */

/** Distinct statements one connection keeps prepared; beyond it, new texts run unnamed (parsed each time). */
const MAX_PREPARED_PER_CONNECTION = 500;
const MAX_REMEMBERED_NAMES = 5000;
const names = new Map<string, string>();

export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `m${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size < MAX_REMEMBERED_NAMES) names.set(text, name);
  }
  return name;
}

/** Per connection: the names it has prepared (its count is capped). */
const preparedOf = new WeakMap<pg.Client, Set<string>>();
type Query = (this: pg.Client, ...args: unknown[]) => unknown;
/** Looked up per call, so a wrapper put on pg.Client's query later (the bench's round-trip counter) still sees it. */
const baseQuery = () => pg.Client.prototype.query as Query;

export class PreparingClient extends pg.Client {}

// Defined on the prototype rather than as a method: pg.Client's query has a dozen overloads, and only the
// (text, values) call Kysely makes is rewritten; every other form goes through untouched.
Object.defineProperty(PreparingClient.prototype, 'query', {
  configurable: true,
  writable: true,
  value: function query(this: pg.Client, ...args: unknown[]) {
    const [text, values, callback] = args;
    if (
      typeof text === 'string' &&
      Array.isArray(values) &&
      values.length > 0 &&
      callback === undefined
    ) {
      let prepared = preparedOf.get(this);
      if (!prepared) preparedOf.set(this, (prepared = new Set()));
      const name = statementName(text);
      if (prepared.has(name) || prepared.size < MAX_PREPARED_PER_CONNECTION) {
        prepared.add(name);
        return baseQuery().call(this, { name, text, values });
      }
    }
    return baseQuery().apply(this, args);
  },
});
