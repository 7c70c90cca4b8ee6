import { randomBytes } from 'node:crypto';
import { error, ok, type Answer } from '../lib/answer.ts';
import { GAME_PROVIDERS, type GameProviderCode } from './providers.ts';

/** One settled bet as a provider's betting history reports it. */
export type BetRecord = {
  /** Unique at the provider, also across sandbox restarts (it carries the boot's id). */
  id: string;
  username: string;
  /** The provider's game category (slot, casino, sport, lotto). */
  category: string;
  stakeMinor: number;
  /** What the bet paid back, stake included; 0 for a loss. */
  payoutMinor: number;
  placedAt: string;
};

type Stored = BetRecord & { seq: number };

export const BET_PAGE_DEFAULT = 100;
export const BET_PAGE_MAX = 1000;
const CURSOR = /^([0-9a-f]{12}):(\d{1,15})$/;

/**
 * Every provider's betting history, in memory, in the order the bets settled. Cursors are `<boot id>:<sequence of the
 * last record read>`: a cursor from before a sandbox restart reads the new history from its start.
 */
export function createBetBook(now: () => number) {
  const bootId = randomBytes(6).toString('hex');
  const books = new Map<GameProviderCode, Stored[]>(GAME_PROVIDERS.map((p) => [p.code, []]));
  const categoryOf = new Map<GameProviderCode, string>(
    GAME_PROVIDERS.map((p) => [p.code, p.category]),
  );
  const bookOf = (provider: GameProviderCode) => books.get(provider) ?? [];

  return {
    /** Records the settled rounds of one play of an account, all at the same time (now, unless given). */
    record(
      provider: GameProviderCode,
      username: string,
      rounds: readonly { betMinor: number; winMinor: number }[],
      playedAt: number = now(),
    ): void {
      const book = bookOf(provider);
      const placedAt = new Date(playedAt).toISOString();
      for (const round of rounds) {
        const seq = book.length + 1;
        book.push({
          seq,
          id: `${bootId}-${seq}`,
          username,
          category: categoryOf.get(provider) ?? 'slot',
          stakeMinor: round.betMinor,
          payoutMinor: round.winMinor,
          placedAt,
        });
      }
    },

    /**
     * The records after `cursor` (of one account, or of all), oldest first, at most `limit`, and the cursor to pass
     * next time. `hasMore`: records after the page exist (read again with the new cursor).
     */
    read(
      provider: GameProviderCode,
      input: { cursor?: string; username?: string; limit: number },
    ): Answer {
      let after = 0;
      if (input.cursor !== undefined && input.cursor !== '') {
        const match = CURSOR.exec(input.cursor);
        if (!match) return error(400, 'INVALID_CURSOR');
        if (match[1] === bootId) after = Number(match[2]);
      }
      const book = bookOf(provider);
      after = Math.min(after, book.length);
      const records: BetRecord[] = [];
      let position = after;
      let hasMore = false;
      for (; position < book.length; position += 1) {
        const stored = book[position];
        if (!stored || (input.username !== undefined && stored.username !== input.username))
          continue;
        if (records.length === input.limit) {
          hasMore = true;
          break;
        }
        const { seq: _seq, ...record } = stored;
        records.push(record);
      }
      // Sequence = index + 1: the cursor is past every record looked at (those of other accounts included).
      return ok({ records, cursor: `${bootId}:${position}`, hasMore });
    },

    /** Every record of a provider (or all), newest first, for the sandbox's own views. */
    list(provider?: GameProviderCode, username?: string): (BetRecord & { provider: string })[] {
      const all = [...books.entries()]
        .filter(([code]) => !provider || code === provider)
        .flatMap(([code, book]) => book.map(({ seq: _seq, ...r }) => ({ provider: code, ...r })));
      return all
        .filter((r) => username === undefined || r.username === username)
        .reverse()
        .sort((a, b) => b.placedAt.localeCompare(a.placedAt));
    },
  };
}

export type BetBook = ReturnType<typeof createBetBook>;
