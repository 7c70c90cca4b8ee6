import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyOperators, notifyRoles } from '@/modules/operator-notices/index.ts';
import { adminApi, signedInOperator, type TestOperator } from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let owner: TestOperator;
let secondOwner: TestOperator;
let finance: TestOperator;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInOperator(t, 'owner');
  secondOwner = await signedInOperator(t, 'owner');
  finance = await signedInOperator(t, 'finance');
});
afterAll(async () => {
  await t.close();
});

const list = (operator: TestOperator) =>
  adminApi(t, 'GET', '/api/admin/notices', { token: operator.token });

describe('back-office notices (docs/back-office/notices.md)', () => {
  it('a notice to the owners reaches every active owner and nobody else, unread until read', async () => {
    await t.app.deps.db.withTransaction((trx) =>
      notifyRoles(
        trx,
        {
          kind: 'adjustments.nearLine',
          params: { operator: finance.username, totalMinor: 4_000_000 },
        },
        t.clock.now(),
      ),
    );
    for (const o of [owner, secondOwner]) {
      const body = (await list(o)).json();
      expect(body.unread).toBe(1);
      expect(body.rows[0]).toMatchObject({
        kind: 'adjustments.nearLine',
        params: { operator: finance.username, totalMinor: 4_000_000 },
        readAt: null,
      });
    }
    expect((await list(finance)).json()).toMatchObject({ rows: [], unread: 0 });

    const read = await adminApi(t, 'POST', '/api/admin/notices/read', { token: owner.token });
    expect(read.json()).toEqual({ message: 'OK' });
    expect((await list(owner)).json().unread).toBe(0);
    expect((await list(secondOwner)).json().unread).toBe(1);
  });

  it('a notice written in a transaction that fails is not kept', async () => {
    await expect(
      t.app.deps.db.withTransaction(async (trx) => {
        await notifyOperators(
          trx,
          [finance.id],
          { kind: 'setting.applied', params: {} },
          t.clock.now(),
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await list(finance)).json().rows).toEqual([]);
  });

  it('needs an operator session', async () => {
    expect((await adminApi(t, 'GET', '/api/admin/notices')).statusCode).toBe(401);
  });
});
