import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFLICT_ATTEMPTS, retryOnConflict } from '@/db/conflict-retry.ts';
import { createDatabase, type Db } from '@/db/database.ts';
import { AppError } from '@/lib/app-error.ts';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
const serialization = () =>
  Object.assign(new Error('could not serialize access'), { code: '40001' });

describe('retryOnConflict', () => {
  it('runs again after a deadlock or a serialization failure and answers the later success', async () => {
    const failures = [deadlock(), serialization()];
    let calls = 0;
    const result = await retryOnConflict(async () => {
      calls += 1;
      const failure = failures.shift();
      if (failure) throw failure;
      return 'done';
    });
    expect(result).toBe('done');
    expect(calls).toBe(3);
  });

  it(`gives up after ${CONFLICT_ATTEMPTS} attempts with SERVICE_UNAVAILABLE (503), never the raw error`, async () => {
    let calls = 0;
    const attempt = retryOnConflict(async () => {
      calls += 1;
      throw deadlock();
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', statusCode: 503 });
    expect(calls).toBe(CONFLICT_ATTEMPTS);
  });

  it('passes any other error through at once', async () => {
    let calls = 0;
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(
      retryOnConflict(async () => {
        calls += 1;
        throw unique;
      }),
    ).rejects.toBe(unique);
    expect(calls).toBe(1);
  });
});

describe('withTransaction on a deadlock', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createDatabase({ pgliteDir: 'memory://' });
    await sql`create table retry_probe (attempt int not null)`.execute(db.kysely);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it('rolls the first attempt back and commits the second: the work is done once', async () => {
    let attempt = 0;
    const answer = await db.withTransaction(async (trx) => {
      attempt += 1;
      await sql`insert into retry_probe (attempt) values (${attempt})`.execute(trx);
      if (attempt === 1) throw deadlock();
      return attempt;
    });
    expect(answer).toBe(2);
    const rows = await sql<{ attempt: number }>`select attempt from retry_probe`.execute(db.kysely);
    expect(rows.rows).toEqual([{ attempt: 2 }]);
  });

  it('a deadlock on every attempt ends in SERVICE_UNAVAILABLE and writes nothing', async () => {
    await sql`delete from retry_probe`.execute(db.kysely);
    await expect(
      db.withTransaction(async (trx) => {
        await sql`insert into retry_probe (attempt) values (0)`.execute(trx);
        throw deadlock();
      }),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const rows = await sql`select attempt from retry_probe`.execute(db.kysely);
    expect(rows.rows).toEqual([]);
  });
});
