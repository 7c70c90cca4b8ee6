import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import { bankSlip, blackPng, slipMember, upload, type SlipAnswer } from './support/slips.ts';

let t: MoneyInTestApp;
beforeAll(async () => {
  t = await createMoneyInTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The target is 300 ms; the bound here is generous for a loaded test machine, the figure is printed. */
const P99_BOUND_MS = 2000;
const PERIOD_MS = 50;
const MAX_IN_FLIGHT = 8;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

describe('slip reading does not stall other members (A3)', () => {
  it('GET /api/wallet stays fast while a 7000×7000 png and ten slips are uploaded', async () => {
    const watcher = await slipMember(t);
    const senders = [await slipMember(t), await slipMember(t)];
    const bomber = await slipMember(t);
    const slips = [];
    for (let i = 0; i < 10; i += 1) {
      const sender = senders[i % 2]!;
      slips.push({ token: sender.token, ...(await bankSlip(t, sender.account, 100_00 + i)) });
    }
    const bomb = blackPng(7000, 7000);
    expect((await t.api('GET', '/api/wallet', { token: watcher.token })).statusCode).toBe(200);

    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    let isDone = false;
    const uploads = Promise.all([
      upload(t, bomber.token, bomb),
      ...slips.map((s) => upload(t, s.token, s.png)),
    ]).finally(() => {
      isDone = true;
    });
    // Requests are due every 50 ms from the start (at most 8 in flight); each one's time counts from when it was due, so
    // a stalled event loop shows in the figures even when it stalls between two requests (no coordinated omission).
    const latencies: number[] = [];
    const calls: Promise<void>[] = [];
    const startedAt = performance.now();
    let due = 0;
    let inFlight = 0;
    while (!isDone) {
      while (inFlight < MAX_IN_FLIGHT && startedAt + due * PERIOD_MS <= performance.now()) {
        const dueAt = startedAt + due * PERIOD_MS;
        due += 1;
        inFlight += 1;
        calls.push(
          t.api('GET', '/api/wallet', { token: watcher.token }).then((answer) => {
            inFlight -= 1;
            latencies.push(performance.now() - dueAt);
            expect(answer.statusCode, answer.body).toBe(200);
          }),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await Promise.all(calls);
    loopDelay.disable();
    const sorted = [...latencies].sort((a, b) => a - b);
    const p99 = percentile(sorted, 0.99);
    console.log(
      `GET /api/wallet during slip uploads: n=${sorted.length} p50=${percentile(sorted, 0.5).toFixed(1)} ms ` +
        `p99=${p99.toFixed(1)} ms max=${sorted.at(-1)!.toFixed(1)} ms; ` +
        `event-loop delay max=${(loopDelay.max / 1e6).toFixed(1)} ms`,
    );
    expect(p99).toBeLessThan(P99_BOUND_MS);
    const [bombAnswer, ...slipAnswers] = await uploads;
    expect(bombAnswer!.json()).toEqual({ message: 'IMAGE_SIZE_UNPROCESSABLE' });
    const statuses = slipAnswers.map((a) => (a.json() as { slip: SlipAnswer }).slip.status);
    expect(statuses).toEqual(Array(10).fill('SUCCESS'));
  });
});
