import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BetRecordPage } from '@/adapters/games/game-provider.ts';
import type { Database } from '@/db/schema.ts';
import {
  PROVIDER_WIDE,
  findAccountOwners,
  insertBets,
  listProvidersWithAccounts,
  moveBetCursor,
  readBetCursor,
  sumNetLoss,
  sumStakesByCategory,
  type NewGameBet,
} from '@/modules/games/game-bets.repository.ts';
import { listMemberGameAccounts } from '@/modules/games/games.repository.ts';
import type { GamesDeps } from '@/modules/games/games.service.ts';
import { createJobLeases } from '@/modules/job-lease/job-lease.service.ts';

/** Records asked for per page. */
export const BET_PAGE_SIZE = 500;
/** Pages read per provider per job run, so one run is bounded; the next run goes on from the saved cursor. */
const MAX_PAGES_PER_RUN = 20;
/** Pages read per account on the member's manual refresh (a member's recent play fits in far fewer). */
const MAX_PAGES_PER_REFRESH = 4;
/** Weights are read to 1/10 000 of a percent, so the turnover stays exact integer arithmetic. */
const WEIGHT_SCALE = 10_000;

/**
 * Records read, booked, already booked, skipped (of accounts this server does not know: logged and left out) and
 * failed.
 */
export type BetSyncSummary = Record<
  'read' | 'booked' | 'duplicates' | 'skipped' | 'failed',
  number
>;

const emptySummary = (): BetSyncSummary => ({
  read: 0,
  booked: 0,
  duplicates: 0,
  skipped: 0,
  failed: 0,
});

function addInto(total: BetSyncSummary, part: BetSyncSummary): BetSyncSummary {
  for (const key of Object.keys(total) as (keyof BetSyncSummary)[]) total[key] += part[key];
  return total;
}

function scaledWeight(category: string, percent: number): bigint {
  if (!Number.isFinite(percent) || percent < 0)
    throw new RangeError(`turnover weight of ${category} must be a percent ≥ 0, got ${percent}`);
  return BigInt(Math.round(percent * WEIGHT_SCALE));
}

/**
 * The member's weighted turnover (docs/decisions/0013-promotions.md, bonus release condition): Σ stake × weight of the
 * bet's category / 100 over the bets placed in [since, until), floored to the minor unit once, at the end. A
 * category missing from `weightsPercent` counts 0.
 */
export async function weightedTurnover(
  db: Kysely<Database>,
  memberId: string,
  since: Date,
  weightsPercent: Record<string, number>,
  until?: Date,
): Promise<bigint> {
  const stakes = await sumStakesByCategory(db, memberId, since, until);
  let scaled = 0n;
  for (const { category, stakeMinor } of stakes) {
    const percent = Object.hasOwn(weightsPercent, category) ? weightsPercent[category] : 0;
    scaled += stakeMinor * scaledWeight(category, percent ?? 0);
  }
  // Non-negative, so bigint division (towards zero) is the floor.
  return scaled / (100n * BigInt(WEIGHT_SCALE));
}

/** Σ the stakes of the member's bets placed since `since`, every category counted in full. */
export async function stakesSince(
  db: Kysely<Database>,
  memberId: string,
  since: Date,
): Promise<bigint> {
  const stakes = await sumStakesByCategory(db, memberId, since);
  return stakes.reduce((sum, s) => sum + s.stakeMinor, 0n);
}

/**
 * The member's net game loss (docs/decisions/0013-promotions.md, refund of losses): Σ (stake − payout) of the bets
 * placed in [from, to) and inside no excluded window [from, to) (to null: still open). Negative when the member won;
 * the caller floors it at 0.
 */
export const netGameLoss = sumNetLoss;

/**
 * Books the providers' betting history into game_bets (docs/decisions/0013-promotions.md): read from a cursor kept in
 * game_bet_cursors, insert each record once (unique per provider and record id), and move the cursor in the same
 * transaction. The sync job reads each provider's whole history under the provider's job lease; the member's manual
 * refresh reads that member's accounts only, each with its own cursor. Bet records move no money.
 */
export function createGameBetsService(deps: GamesDeps) {
  const { db, clock, config, games, log } = deps;
  const leases = createJobLeases({ db, clock });
  const leaseMs = config.GAME_TIMEOUT_MS + 60_000;

  /** One page in one transaction: the new records and the cursor past them. 'moved': another reader was faster. */
  async function bookPage(
    provider: string,
    username: string,
    from: string | null,
    page: BetRecordPage,
  ): Promise<BetSyncSummary | 'moved'> {
    const now = clock.now();
    return db
      .withTransaction(async (trx) => {
        // Made afresh on each attempt: a transaction retried after a deadlock runs this again from the start.
        const summary = { ...emptySummary(), read: page.records.length };
        const owners = await findAccountOwners(trx, provider, [
          ...new Set(page.records.map((r) => r.username)),
        ]);
        const rows: NewGameBet[] = [];
        const seen = new Set<string>();
        for (const record of page.records) {
          // A provider repeating a record within one page: booked once, counted as a duplicate.
          if (seen.has(record.id)) {
            summary.duplicates += 1;
            continue;
          }
          seen.add(record.id);
          const memberId = owners.get(record.username);
          if (!memberId) {
            log.warn(
              { provider, username: record.username, recordId: record.id },
              'bet record of an unknown game account skipped',
            );
            summary.skipped += 1;
            continue;
          }
          rows.push({
            id: randomUUID(),
            provider,
            external_id: record.id,
            member_id: memberId,
            username: record.username,
            category: record.category.toLowerCase(),
            stake_minor: record.stakeMinor,
            payout_minor: record.payoutMinor,
            placed_at: record.placedAt,
            booked_at: now,
          });
        }
        // One order for every reader, so two transactions inserting the same records never wait on each other in a
        // circle.
        rows.sort((a, b) =>
          a.external_id < b.external_id ? -1 : a.external_id > b.external_id ? 1 : 0,
        );
        summary.booked = await insertBets(trx, rows);
        summary.duplicates += rows.length - summary.booked;
        const isMoved = !(await moveBetCursor(trx, { provider, username }, from, page.cursor, now));
        if (isMoved) throw new CursorMoved();
        return summary;
      })
      .catch((error: unknown) => {
        if (error instanceof CursorMoved) return 'moved' as const;
        throw error;
      });
  }

  /** Reads one history (a provider's, or one account's) from its saved cursor, page after page, bounded. */
  async function readHistory(
    provider: string,
    account: string | undefined,
    maxPages: number,
    renew: () => Promise<boolean>,
  ): Promise<BetSyncSummary> {
    const summary = emptySummary();
    const username = account ?? PROVIDER_WIDE;
    let cursor = (await readBetCursor(db.kysely, provider, username)) ?? null;
    for (let n = 0; n < maxPages; n += 1) {
      if (n > 0 && !(await renew())) break;
      let page: BetRecordPage;
      try {
        page = await games.betRecords(provider, {
          cursor,
          limit: BET_PAGE_SIZE,
          ...(account === undefined ? {} : { username: account }),
        });
      } catch (error) {
        log.warn({ err: error, provider }, 'bet records read failed');
        summary.failed += 1;
        break;
      }
      const booked = await bookPage(provider, username, cursor, page);
      if (booked === 'moved') {
        log.warn({ provider, username }, 'bet cursor moved by another reader; stopped');
        break;
      }
      addInto(summary, booked);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    return summary;
  }

  /** The sync job: every provider with active accounts, each under its lease (another process: skipped). */
  async function syncAllBets(): Promise<BetSyncSummary> {
    const summary = emptySummary();
    for (const provider of await listProvidersWithAccounts(db.kysely)) {
      try {
        const leased = await leases.withLease('game-bets', provider, leaseMs, (renew) =>
          readHistory(provider, undefined, MAX_PAGES_PER_RUN, renew),
        );
        if (leased.isLeased) addInto(summary, leased.value);
      } catch (error) {
        // One provider's trouble does not hold up the others; its cursor stays where it was.
        log.error({ err: error, provider }, 'bet records booking failed');
        summary.failed += 1;
      }
    }
    if (summary.read > 0) log.info({ gameBets: summary }, 'bet records read');
    return summary;
  }

  /**
   * The member's manual refresh (of every account, or of the one at `provider`): each active account's own history,
   * in parallel, each under its lease. Never throws
   * for a provider that does not answer (the refresh still shows the balances).
   */
  async function syncMemberBets(memberId: string, provider?: string): Promise<BetSyncSummary> {
    const accounts = (await listMemberGameAccounts(db.kysely, memberId)).filter(
      (a) => a.status === 'active' && (provider === undefined || a.provider === provider),
    );
    const parts = await Promise.all(
      accounts.map(async (a) => {
        try {
          const leased = await leases.withLease(
            'game-bets-account',
            `${a.provider}:${a.username}`,
            leaseMs,
            (renew) => readHistory(a.provider, a.username, MAX_PAGES_PER_REFRESH, renew),
          );
          return leased.isLeased ? leased.value : emptySummary();
        } catch (error) {
          log.error({ err: error, provider: a.provider }, 'bet records booking failed');
          return { ...emptySummary(), failed: 1 };
        }
      }),
    );
    return parts.reduce(addInto, emptySummary());
  }

  return { syncAllBets, syncMemberBets };
}

/** Rolls a page's transaction back when its cursor was moved by another reader. */
class CursorMoved extends Error {
  override name = 'CursorMoved';
}
