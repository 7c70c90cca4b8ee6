import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/db/database.ts';
import { AppError } from '@/lib/app-error.ts';
import {
  createTransfer,
  getMemberBalances,
  postTransfer,
  postTransfers,
  voidTransfer,
  type MemberAccountRef,
} from '@/modules/ledger/ledger.service.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { expectLedgerConsistent, insertMember } from './support/money.ts';

/**
 * Property: any sequence of deposits, prize credits, withdrawals, wallet↔game transfers (pending, then posted or
 * voided), game results, refund and invite credits, bonus credits, bonus_use moves, forfeits and bonus completions,
 * and replayed idempotency keys keeps every member account non-negative, each currency summing to zero, and
 * every balance equal to a plain model of the same operations; MONEY_NOT_ENOUGH happens exactly when the model says
 * the funds are short.
 */

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.app.deps.db;
});
afterAll(async () => {
  await t?.close();
});

const PLACES = ['cash', 'PG', 'JOKER'] as const;
type Place = (typeof PLACES)[number];

const amount = fc.integer({ min: 1, max: 5_000 }).map(BigInt);
const op = fc.oneof(
  fc.record({ type: fc.constant('deposit' as const), amount }),
  // A won coupon's cash (docs/decisions/0013-promotions.md#prize-wheel): prize house account → cash.
  fc.record({ type: fc.constant('prize' as const), amount }),
  fc.record({ type: fc.constant('withdraw' as const), amount }),
  fc.record({
    type: fc.constant('move' as const),
    from: fc.constantFrom(...PLACES),
    to: fc.constantFrom(...PLACES),
    amount,
    // A small key space, so the same key comes back often.
    key: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
  }),
  fc.record({ type: fc.constant('settle' as const), index: fc.nat(), isPost: fc.boolean() }),
  // Several transfers (open or already settled, possibly of one account) posted by one batched statement.
  fc.record({
    type: fc.constant('postMany' as const),
    indices: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
  }),
  // The bonus engine's movements (docs/decisions/0013-promotions.md#bonus): a bonus credit, the bonus spent into cash
  // before a game transfer, a forfeit to the bonus house account, and a completion (payout and forfeits together).
  fc.record({ type: fc.constant('bonusCredit' as const), amount }),
  fc.record({ type: fc.constant('bonusUse' as const), amount }),
  fc.record({
    type: fc.constant('forfeit' as const),
    from: fc.constantFrom('cash' as const, 'bonus' as const),
    amount,
  }),
  fc.record({ type: fc.constant('complete' as const), cap: amount }),
  fc.record({
    type: fc.constant('result' as const),
    game: fc.constantFrom('PG' as const, 'JOKER' as const),
    isWin: fc.boolean(),
    amount,
  }),
  // Promotion credits into cash from their house accounts (docs/decisions/0013-promotions.md): refund and invite.
  fc.record({ type: fc.constant('refund' as const), amount }),
  fc.record({ type: fc.constant('invite' as const), amount }),
);

type Model = Record<Place | 'bonus', { balance: bigint; reserved: bigint }>;
type Pending = { id: string; from: Place; to: Place; amount: bigint; isOpen: boolean };

const refOf = (memberId: string, place: Place): MemberAccountRef =>
  place === 'cash' ? { memberId, kind: 'cash' } : { memberId, kind: 'game', provider: place };

const available = (m: Model, p: Place | 'bonus') => m[p].balance - m[p].reserved;

async function expectShort(promise: Promise<unknown>, isShort: boolean) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (isShort) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('MONEY_NOT_ENOUGH');
  } else if (error !== undefined) throw error;
}

describe('ledger properties', () => {
  it('random operation sequences keep the invariants and match a model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30 }), async (ops) => {
        const { memberId } = await insertMember(db, { providers: ['PG', 'JOKER'] });
        const model: Model = {
          cash: { balance: 0n, reserved: 0n },
          PG: { balance: 0n, reserved: 0n },
          JOKER: { balance: 0n, reserved: 0n },
          bonus: { balance: 0n, reserved: 0n },
        };
        const pending: Pending[] = [];
        const keys = new Map<number, { from: Place; to: Place; amount: bigint; id: string }>();
        const runKey = randomUUID();

        for (const o of ops) {
          const tx = <T>(fn: Parameters<typeof db.withTransaction<T>>[0]) => db.withTransaction(fn);
          if (o.type === 'deposit') {
            await tx((trx) =>
              createTransfer(trx, {
                memberId,
                debit: { house: 'bank_in' },
                credit: refOf(memberId, 'cash'),
                amountMinor: o.amount,
                currency: 'THB',
                kind: 'deposit',
                status: 'posted',
              }),
            );
            model.cash.balance += o.amount;
          } else if (o.type === 'prize') {
            await tx((trx) =>
              createTransfer(trx, {
                memberId,
                debit: { house: 'prize' },
                credit: refOf(memberId, 'cash'),
                amountMinor: o.amount,
                currency: 'THB',
                kind: 'prize',
                status: 'posted',
                externalRef: `coupon:${randomUUID()}`,
              }),
            );
            model.cash.balance += o.amount;
          } else if (o.type === 'withdraw') {
            const isShort = available(model, 'cash') < o.amount;
            await expectShort(
              tx((trx) =>
                createTransfer(trx, {
                  memberId,
                  debit: refOf(memberId, 'cash'),
                  credit: { house: 'bank_out' },
                  amountMinor: o.amount,
                  currency: 'THB',
                  kind: 'withdraw',
                  status: 'posted',
                }),
              ),
              isShort,
            );
            if (!isShort) model.cash.balance -= o.amount;
          } else if (o.type === 'move') {
            if (o.from === o.to) continue;
            const earlier = o.key === undefined ? undefined : keys.get(o.key);
            const isSameRequest =
              earlier !== undefined &&
              earlier.from === o.from &&
              earlier.to === o.to &&
              earlier.amount === o.amount;
            const run = tx((trx) =>
              createTransfer(trx, {
                memberId,
                debit: refOf(memberId, o.from),
                credit: refOf(memberId, o.to),
                amountMinor: o.amount,
                currency: 'THB',
                kind: o.to === 'cash' ? 'game_out' : 'game_in',
                status: 'pending',
                ...(o.key === undefined ? {} : { idempotencyKey: `${runKey}:${o.key}` }),
              }),
            );
            if (earlier && !isSameRequest) {
              await expect(run).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
              continue;
            }
            if (earlier) {
              const replay = await run;
              expect(replay.isReplay).toBe(true);
              expect(replay.transfer.id).toBe(earlier.id);
              continue;
            }
            const isShort = available(model, o.from) < o.amount;
            if (isShort) {
              await expectShort(run, true);
              continue;
            }
            const { transfer, isReplay } = await run;
            expect(isReplay).toBe(false);
            model[o.from].reserved += o.amount;
            pending.push({
              id: transfer.id,
              from: o.from,
              to: o.to,
              amount: o.amount,
              isOpen: true,
            });
            if (o.key !== undefined)
              keys.set(o.key, { from: o.from, to: o.to, amount: o.amount, id: transfer.id });
          } else if (o.type === 'postMany') {
            const targets = [
              ...new Set(o.indices.map((i) => pending[i % Math.max(pending.length, 1)])),
            ].filter((p): p is Pending => p !== undefined);
            if (targets.length === 0) continue;
            const posted = await postTransfers(
              db.kysely,
              targets.map((p) => p.id),
            );
            const open = targets.filter((p) => p.isOpen);
            expect([...posted.keys()].sort()).toEqual(open.map((p) => p.id).sort());
            for (const target of open) {
              expect(posted.get(target.id)?.status).toBe('posted');
              target.isOpen = false;
              model[target.from].reserved -= target.amount;
              model[target.from].balance -= target.amount;
              model[target.to].balance += target.amount;
            }
          } else if (o.type === 'settle') {
            const target = pending[o.index % Math.max(pending.length, 1)];
            if (!target) continue;
            if (!target.isOpen) {
              // Settling again the same way is a no-op; the other way is refused; nothing moves.
              const row = await db.kysely
                .selectFrom('ledger_transfers')
                .select('status')
                .where('id', '=', target.id)
                .executeTakeFirstOrThrow();
              const settled = tx((trx) =>
                o.isPost ? postTransfer(trx, target.id) : voidTransfer(trx, target.id),
              );
              if ((row.status === 'posted') === o.isPost) await settled;
              else await expect(settled).rejects.toThrow();
              continue;
            }
            await tx((trx) =>
              o.isPost ? postTransfer(trx, target.id) : voidTransfer(trx, target.id),
            );
            target.isOpen = false;
            model[target.from].reserved -= target.amount;
            if (o.isPost) {
              model[target.from].balance -= target.amount;
              model[target.to].balance += target.amount;
            }
          } else if (o.type === 'refund' || o.type === 'invite') {
            await tx((trx) =>
              createTransfer(trx, {
                memberId,
                debit: { house: o.type },
                credit: refOf(memberId, 'cash'),
                amountMinor: o.amount,
                currency: 'THB',
                kind: o.type,
                status: 'posted',
                externalRef: randomUUID(),
              }),
            );
            model.cash.balance += o.amount;
          } else if (o.type === 'bonusCredit') {
            await tx((trx) =>
              createTransfer(trx, {
                memberId,
                debit: { house: 'bonus' },
                credit: { memberId, kind: 'bonus' },
                amountMinor: o.amount,
                currency: 'THB',
                kind: 'bonus',
                status: 'posted',
              }),
            );
            model.bonus.balance += o.amount;
          } else if (o.type === 'bonusUse' || o.type === 'forfeit') {
            const from = o.type === 'bonusUse' ? 'bonus' : o.from;
            const isShort = available(model, from) < o.amount;
            await expectShort(
              tx((trx) =>
                createTransfer(trx, {
                  memberId,
                  debit: { memberId, kind: from },
                  credit: o.type === 'bonusUse' ? { memberId, kind: 'cash' } : { house: 'bonus' },
                  amountMinor: o.amount,
                  currency: 'THB',
                  kind: o.type === 'bonusUse' ? 'bonus_use' : 'finish_bonus',
                  status: 'posted',
                }),
              ),
              isShort,
            );
            if (!isShort) {
              model[from].balance -= o.amount;
              if (o.type === 'bonusUse') model.cash.balance += o.amount;
            }
          } else if (o.type === 'complete') {
            // One transaction: the payout (at most the cap) reserved from cash, the rest of cash and the bonus
            // account forfeited; a failing step leaves nothing.
            const cash = available(model, 'cash');
            const payout = cash < o.cap ? cash : o.cap;
            const bonus = available(model, 'bonus');
            await tx(async (trx) => {
              const forfeit = async (from: 'cash' | 'bonus', amountMinor: bigint) => {
                if (amountMinor <= 0n) return;
                await createTransfer(trx, {
                  memberId,
                  debit: { memberId, kind: from },
                  credit: { house: 'bonus' },
                  amountMinor,
                  currency: 'THB',
                  kind: 'finish_bonus',
                  status: 'posted',
                });
              };
              await forfeit('cash', cash - payout);
              await forfeit('bonus', bonus);
              if (payout > 0n) {
                const { transfer } = await createTransfer(trx, {
                  memberId,
                  debit: refOf(memberId, 'cash'),
                  credit: { house: 'bank_out' },
                  amountMinor: payout,
                  currency: 'THB',
                  kind: 'withdraw',
                  status: 'pending',
                });
                await postTransfer(trx, transfer.id);
              }
            });
            model.cash.balance -= cash;
            model.bonus.balance -= bonus;
          } else {
            const isShort = !o.isWin && available(model, o.game) < o.amount;
            const game = refOf(memberId, o.game);
            const house = { house: 'game_result' as const };
            await expectShort(
              tx((trx) =>
                createTransfer(trx, {
                  memberId,
                  debit: o.isWin ? house : game,
                  credit: o.isWin ? game : house,
                  amountMinor: o.amount,
                  currency: 'THB',
                  kind: 'game_result',
                  status: 'posted',
                }),
              ),
              isShort,
            );
            if (!isShort) model[o.game].balance += o.isWin ? o.amount : -o.amount;
          }

          const balances = await getMemberBalances(db.kysely, memberId);
          expect({
            cash: balances.cash,
            bonus: balances.bonus,
            PG: balances.games.PG,
            JOKER: balances.games.JOKER,
          }).toEqual({
            cash: available(model, 'cash'),
            bonus: available(model, 'bonus'),
            PG: available(model, 'PG'),
            JOKER: available(model, 'JOKER'),
          });
        }
        await expectLedgerConsistent(db);
      }),
      { numRuns: 25 },
    );
  });
});
