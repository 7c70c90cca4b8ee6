import { describe, expect, it } from 'vitest';
import { codeForError } from '@/plugins/error-envelope.ts';
import { isDatabaseUnavailable } from '@/db/pg-errors.ts';

describe('a database that cannot be reached is a passing outage (SERVICE_UNAVAILABLE), not a bug', () => {
  it.each([
    [
      'refused',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    [
      'shut down by an administrator',
      Object.assign(new Error('terminating connection'), { code: '57P01' }),
    ],
    [
      'starting up',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['connection exception', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['cut under a query', new Error('Connection terminated unexpectedly')],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(codeForError(error)).toBe('SERVICE_UNAVAILABLE');
  });

  it('other database errors keep their meaning', () => {
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(isDatabaseUnavailable(unique)).toBe(false);
    expect(codeForError(unique)).toBe('INTERNAL_SERVER_ERROR');
    expect(codeForError(Object.assign(new Error('bad'), { code: '22P02' }))).toBe(
      'INVALID_REQUEST',
    );
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });
});
