import { ledgerCurrency } from '@mekong/contracts/constants';
import type {
  BankLineDetail,
  BankLineItem,
  QueueMember,
  Suggestion,
} from '@mekong/contracts/admin/deposits';
import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import {
  findMembersByAccountLike,
  findMembersByNameWords,
  findMembersBySearch,
  listQueueMembers,
  type QueueMemberRow,
} from '@/modules/account/member-lookup.repository.ts';
import {
  findIncoming,
  listQueueLines,
  type StoredIncoming,
} from '@/modules/bank-feed/bank-feed.repository.ts';
import {
  creditLockedLine,
  lockOpenLine,
  refuseLockedLine,
} from '@/modules/bank-feed/bank-line-decisions.ts';
import {
  listOpenNoticesOfAmount,
  listQrOfAmount,
} from '@/modules/deposit/deposit-queue.repository.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { actorOf, type OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import { bankLineItemOf, queueMemberOf } from '@/modules/admin-deposits/admin-deposits.items.ts';
import {
  accountQueryOf,
  nameWordsOf,
  rankSuggestions,
} from '@/modules/admin-deposits/bank-line-suggestions.ts';
import type { ListBody, QueueKit } from '@/modules/admin-deposits/queue-kit.ts';

/** A notice or QR of the line's amount counts when made from a day before the money arrived to a day after. */
const AMOUNT_WINDOW_MS = 24 * 60 * 60_000;

/**
 * The back office's queue of bank lines no member was matched to (docs/back-office/money-in.md): suggested members,
 * a credit to the chosen member with a reason (once), or the line returned to its sender or ignored.
 */
export function createBankLinesService(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  kit: QueueKit,
) {
  const keys = { id: (r: StoredIncoming) => r.id, memberId: (r: StoredIncoming) => r.memberId };

  async function suggestionsFor(line: StoredIncoming): Promise<Suggestion[]> {
    const account = accountQueryOf(line.fromAccountNo);
    const words = line.fromAccountName
      ? nameWordsOf(line.fromAccountName).filter((w) => w.length >= 3)
      : [];
    const from = new Date(line.receivedAt.getTime() - AMOUNT_WINDOW_MS);
    const to = new Date(line.receivedAt.getTime() + AMOUNT_WINDOW_MS);
    const [byAccount, byName, notices, qrs] = await Promise.all([
      account ? findMembersByAccountLike(db.kysely, account.pattern) : Promise.resolve([]),
      findMembersByNameWords(db.kysely, words),
      listOpenNoticesOfAmount(db.kysely, line.amountMinor, from, to),
      listQrOfAmount(db.kysely, line.amountMinor, from, to),
    ]);
    const members = await listQueueMembers(db.kysely, [
      ...notices.map((n) => n.member_id),
      ...qrs.map((q) => q.member_id),
    ]);
    // Only a member of the line's currency can be credited with it.
    const fits = (m: QueueMemberRow | undefined): m is QueueMemberRow =>
      m !== undefined && ledgerCurrency(m.currency) === line.currency;
    const linked = (rows: { id: string; member_id: string }[]) =>
      rows.flatMap((r) => {
        const member = members.get(r.member_id);
        return fits(member) ? [{ id: r.id, member }] : [];
      });
    return rankSuggestions({
      account: account ? { query: account, members: byAccount.filter(fits) } : null,
      senderName: line.fromAccountName,
      byName: byName.filter(fits),
      notices: linked(notices),
      qrs: linked(qrs),
    });
  }

  const item = (line: StoredIncoming | undefined, operatorId: string): Promise<BankLineItem> =>
    kit.itemOf('bank-lines', line, keys, bankLineItemOf, operatorId);

  async function get(id: string, operatorId: string): Promise<BankLineDetail> {
    const line = await findIncoming(db.kysely, id);
    if (!line) throw new AppError('ITEM_NOT_FOUND');
    const suggestions = line.status === 'unmatched' ? await suggestionsFor(line) : [];
    return { ...(await item(line, operatorId)), suggestions };
  }

  kit.knowItems('bank-lines', (id) => findIncoming(db.kysely, id));
  const decide = kit.decider('bank-lines', {
    targetType: 'bank_line',
    lock: lockOpenLine,
    before: (l) => ({
      status: l.status,
      unmatchedReason: l.unmatchedReason,
      amountMinor: Number(l.amountMinor),
      currency: l.currency,
      fromBankCode: l.fromBankCode,
      fromAccountNo: l.fromAccountNo,
      fromAccountName: l.fromAccountName,
    }),
  });

  return {
    async list(body: ListBody, operatorId: string) {
      const page = await listQueueLines(db.kysely, await kit.queryOf(body));
      return kit.pageOf('bank-lines', page, keys, bankLineItemOf, operatorId);
    },
    get,
    count: (origin: 'person' | 'system') => kit.openCount(listQueueLines, origin),

    async credit(id: string, operator: OperatorContext, memberId: string, reason: string) {
      await decide(id, operator, reason, async (trx, line, d) => {
        const credit = await creditLockedLine(trx, line, memberId, d);
        return {
          action: 'bank_line.credited',
          after: {
            status: 'resolved',
            memberId,
            transferId: credit.transferId,
            creditedMinor: credit.isAlreadyCredited ? 0 : Number(line.amountMinor),
            isAlreadyCredited: credit.isAlreadyCredited,
          },
        };
      });
      return item(await findIncoming(db.kysely, id), operator.operatorId);
    },

    async refuse(
      id: string,
      operator: OperatorContext,
      outcome: 'returned' | 'ignored',
      reason: string,
    ) {
      await decide(id, operator, reason, async (trx, line, d) => {
        await refuseLockedLine(trx, line, outcome, d);
        return { action: `bank_line.${outcome}`, after: { status: outcome } };
      });
      return item(await findIncoming(db.kysely, id), operator.operatorId);
    },

    /**
     * Members named exactly by a phone, public id or account number, to credit a line no suggestion fits. A search of
     * members: audited as one, with the query and the count (docs/back-office/audit.md#bulk-reads).
     */
    async lookupMembers(
      operator: OperatorContext,
      query: string,
    ): Promise<{ members: QueueMember[] }> {
      const found = await findMembersBySearch(db.kysely, query);
      await db.withTransaction((trx) =>
        recordAudit(
          trx,
          actorOf(operator),
          {
            action: 'members.searched',
            targetType: 'member',
            after: { query, field: 'depositLookup', total: found.length, shown: found.length },
          },
          clock.now(),
        ),
      );
      return { members: found.map((m) => queueMemberOf(m, m.id)) };
    },
  };
}

export type BankLinesService = ReturnType<typeof createBankLinesService>;
