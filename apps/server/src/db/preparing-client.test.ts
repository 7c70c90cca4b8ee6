import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PreparingClient, statementName } from '@/db/preparing-client.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

/** What the client hands to node-postgres' own query, without a connection. */
function recordQueries() {
  const seen: unknown[][] = [];
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (...args: unknown[]) {
    seen.push(args);
    return Promise.resolve({ rows: [] });
  } as never);
  return seen;
}

describe('PreparingClient', () => {
  it('names a parameterised statement by its text, so one text is prepared once per connection', async () => {
    const seen = recordQueries();
    const client = new PreparingClient();
    await client.query('select $1::int as n', [1]);
    await client.query('select $1::int as n', [2]);
    await client.query('select $1::text as t', ['x']);
    expect(seen).toEqual([
      [{ name: statementName('select $1::int as n'), text: 'select $1::int as n', values: [1] }],
      [{ name: statementName('select $1::int as n'), text: 'select $1::int as n', values: [2] }],
      [
        {
          name: statementName('select $1::text as t'),
          text: 'select $1::text as t',
          values: ['x'],
        },
      ],
    ]);
    expect(statementName('select $1::int as n')).not.toBe(statementName('select $1::text as t'));
    expect(statementName('select $1::int as n')).toMatch(/^m[A-Za-z0-9_-]{27}$/);
  });

  it('leaves statements without parameters, query objects and callbacks as they are', async () => {
    const seen = recordQueries();
    const client = new PreparingClient();
    const onDone = () => undefined;
    await client.query('begin');
    await client.query('select 1', []);
    await client.query({ text: 'select $1::int', values: [1] });
    client.query('select $1::int', [1], onDone);
    expect(seen).toEqual([
      ['begin'],
      ['select 1', []],
      [{ text: 'select $1::int', values: [1] }],
      ['select $1::int', [1], onDone],
    ]);
  });

  it('keeps at most 500 statements prepared on one connection; further texts run unnamed', async () => {
    const seen = recordQueries();
    const client = new PreparingClient();
    for (let i = 0; i < 501; i += 1) await client.query(`select $1::int + ${i}`, [i]);
    await client.query('select $1::int + 0', [7]);
    const named = seen.filter((args) => typeof args[0] === 'object');
    expect(named).toHaveLength(501);
    expect(seen[500]).toEqual(['select $1::int + 500', [500]]);
    // A text prepared before the cap is still run by its name.
    expect(seen[501]?.[0]).toMatchObject({ name: statementName('select $1::int + 0') });
    // Another connection has its own allowance.
    await new PreparingClient().query('select $1::int + 500', [1]);
    expect(seen[502]?.[0]).toMatchObject({ name: statementName('select $1::int + 500') });
  });
});
