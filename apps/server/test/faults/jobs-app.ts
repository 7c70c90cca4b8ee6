import { buildApp } from '@/app.ts';
import { loadConfig } from '@/config.ts';

/**
 * The jobs' side of a fault test: an app (no HTTP listener, no scheduler) on the same database as the server
 * processes, whose clock can be moved past every time-out, so the test runs the reconciliation functions the jobs run
 * (docs/decisions/0019-cluster-and-faults.md#what-the-fault-suite-proves).
 */
export async function startJobsApp(env: Record<string, string>) {
  let shiftMs = 0;
  const app = await buildApp({
    config: loadConfig({ ...env, DATABASE_POOL_MAX: '4', LOG_LEVEL: 'warn' }),
    clock: { now: () => new Date(Date.now() + shiftMs) },
  });
  return {
    app,
    /** From now on the jobs' clock runs `ms` ahead. */
    shiftClock(ms: number) {
      shiftMs = ms;
    },
    /** Credits every transfer in the sandbox bank's feed (the bank feed job); answers how many. */
    async creditBankFeed(expected: number) {
      let credited = 0;
      for (let round = 0; round < 10 && credited < expected; round += 1)
        credited += (await app.moneyOut.bankFeed.runBankFeedOnce()).credited;
      return credited;
    },
    /**
     * Settles every pending game transfer and payout, as the reconciliation jobs do, with the clock 10 min ahead;
     * answers how many it settled.
     */
    async reconcileAll() {
      shiftMs = 10 * 60_000;
      let settled = 0;
      for (let round = 0; round < 5; round += 1) {
        const legs = await app.moneyCore.games.reconcilePending();
        settled += legs.posted + legs.voided;
        for (;;) {
          const payouts = await app.moneyOut.withdrawals.reconcilePayouts();
          settled += payouts.succeeded + payouts.failed;
          if (payouts.checked === 0) break;
        }
      }
      return settled;
    },
    async memberIdOf(phone: string) {
      const row = await app.deps.db.kysely
        .selectFrom('members')
        .select('id')
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow();
      return row.id;
    },
    close: () => app.close(),
  };
}
