import { toMajor } from '@mekong/contracts/money';
import type { WaitingItem, WaitingMoneyResponse } from '@mekong/contracts/waiting-money';
import type { AppDeps } from '@/app-deps.ts';
import { USUAL_WAIT_SAMPLE, usualWaitSeconds } from '@/lib/usual-wait.ts';
import {
  listMemberWaitingLines,
  listRecentLineDecisions,
} from '@/modules/bank-feed/bank-feed.repository.ts';
import {
  listMemberWaitingCredits,
  listRecentCreditDecisions,
} from '@/modules/deposit/waiting-credits.repository.ts';
import {
  listMemberWaitingPayouts,
  listRecentPayoutDecisions,
} from '@/modules/withdrawal/waiting-payouts.repository.ts';

/** How long a decided item is still listed, so a member who opens the app later is told the outcome. */
export const DECIDED_SHOWN_MS = 24 * 3600_000;

/** The short reference a member quotes to support: the first block of an id, upper case. */
const shortRef = (id: string) => id.replace(/-/g, '').slice(0, 8).toUpperCase();

/**
 * GET /api/wallet/waiting (docs/decisions/0025-waiting-money.md): the member's money held for an operator and its
 * decisions of the last day, newest first, with the usual time to a decision of each kind.
 */
export function createWaitingMoneyService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  return {
    async list(memberId: string): Promise<WaitingMoneyResponse> {
      const since = new Date(clock.now().getTime() - DECIDED_SHOWN_MS);
      const [credits, lines, payouts] = await Promise.all([
        listMemberWaitingCredits(db.kysely, memberId, since),
        listMemberWaitingLines(db.kysely, memberId, since),
        listMemberWaitingPayouts(db.kysely, memberId, since),
      ]);
      // Read on every home poll: the operators' latest decisions only for a kind this member has in the list.
      const hasCredits = credits.length + lines.length > 0;
      const [creditDecisions, lineDecisions, payoutDecisions] = await Promise.all([
        hasCredits ? listRecentCreditDecisions(db.kysely, USUAL_WAIT_SAMPLE) : [],
        hasCredits ? listRecentLineDecisions(db.kysely, USUAL_WAIT_SAMPLE) : [],
        payouts.length > 0 ? listRecentPayoutDecisions(db.kysely, USUAL_WAIT_SAMPLE) : [],
      ]);
      const items: WaitingItem[] = [
        ...credits.map((c) => ({
          id: c.id,
          kind: 'credit' as const,
          channel: c.channel,
          amount: toMajor(c.amountMinor),
          currency: c.currency,
          reference: c.reference ?? shortRef(c.id),
          state: c.state,
          createdAt: c.createdAt.toISOString(),
          decidedAt: c.decidedAt?.toISOString() ?? null,
        })),
        ...lines.map((l) => ({
          id: l.id,
          kind: 'credit' as const,
          channel: 'bank' as const,
          amount: toMajor(BigInt(l.amount)),
          currency: l.currency,
          reference: l.reference,
          state:
            l.status === 'unmatched'
              ? ('waiting' as const)
              : l.status === 'resolved'
                ? ('credited' as const)
                : ('refused' as const),
          createdAt: l.received_at.toISOString(),
          decidedAt: l.status === 'unmatched' ? null : (l.decided_at?.toISOString() ?? null),
        })),
        ...payouts.map((p) => ({
          id: p.id,
          kind: 'payout' as const,
          channel: 'bank' as const,
          amount: toMajor(p.amountMinor),
          currency: p.currency,
          reference: shortRef(p.transferId),
          state: p.state,
          createdAt: p.createdAt.toISOString(),
          decidedAt: p.decidedAt?.toISOString() ?? null,
        })),
      ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return {
        items,
        usualWaitSeconds: {
          credit: usualWaitSeconds([...creditDecisions, ...lineDecisions]),
          payout: usualWaitSeconds(payoutDecisions),
        },
      };
    },
  };
}

export type WaitingMoneyService = ReturnType<typeof createWaitingMoneyService>;
