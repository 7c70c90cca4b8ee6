import type {
  MemberDetail,
  MemberSearchField,
  adminMemberGamesContract,
  adminMemberLedgerContract,
} from '@mekong/contracts/admin/members';
import type { ResponseOf } from '@mekong/contracts/contract';
import { SESSION_IDLE_MS, SESSION_MAX_AGE_MS } from '@mekong/contracts/constants';
import { GameProviderError } from '@/adapters/games/game-provider.ts';
import type { AppDeps } from '@/app-deps.ts';
import { pageWindow } from '@/db/paged.ts';
import { AppError } from '@/lib/app-error.ts';
import { isoOrNull } from '@/lib/iso-time.ts';
import { countInvitees, listInvitees } from '@/modules/account/invitee.repository.ts';
import { findInviter, searchMembers } from '@/modules/account/member-admin.repository.ts';
import { findMemberWithBank } from '@/modules/account/member.repository.ts';
import { listMemberSessions } from '@/modules/auth/session.repository.ts';
import { listMemberBonuses } from '@/modules/bonus/bonus.repository.ts';
import { listMemberGameAccounts } from '@/modules/games/games.repository.ts';
import {
  listMemberTransfersWithSides,
  readMemberBalances,
} from '@/modules/ledger/ledger.repository.ts';
import { listSlips } from '@/modules/slip/slip.repository.ts';
import { FILTER_MATCH, KINDS_NOT_IN_STATEMENT } from '@/modules/statement/statement-mapping.ts';
import { listMemberWithdrawals } from '@/modules/withdrawal/withdrawal.repository.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { actorOf, type OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import { accountNoFor } from '@/modules/members/account-mask.ts';

/** How many of the member's sessions the member page lists (newest first). */
const SESSIONS_SHOWN = 50;

type Page = { page: number; limit: number };
type LedgerView = 'ledger' | 'statement' | 'deposit' | 'withdraw';

/**
 * The back office's view of members (docs/back-office/members.md): search and the member page. Reads only; each figure
 * comes from the module that owns it (balances from the ledger, live game balances from the provider).
 */
export function createMembersService({
  db,
  games,
  clock,
}: Pick<AppDeps, 'db' | 'games' | 'clock'>) {
  const kysely = db.kysely;

  async function memberOrThrow(memberId: string) {
    const member = await findMemberWithBank(kysely, memberId);
    if (!member) throw new AppError('ITEM_NOT_FOUND');
    return member;
  }

  return {
    /**
     * A search is a bulk read of member data: audited with what was asked and how many were found, never what was
     * shown (docs/back-office/members.md#search). Bank account numbers are masked for roles without money duties.
     */
    async search(
      operator: OperatorContext,
      body: { query: string; field: MemberSearchField } & Page,
    ) {
      const { total, rows } = await searchMembers(kysely, body, pageWindow(body));
      const { query, field, page } = body;
      await db.withTransaction((trx) =>
        recordAudit(
          trx,
          actorOf(operator),
          {
            action: 'members.searched',
            targetType: 'member',
            after: { query, field, page, total, shown: rows.length },
          },
          clock.now(),
        ),
      );
      const accountNo = accountNoFor(operator);
      return {
        total,
        rows: rows.map((r) => ({
          ...r,
          bankAccountNo: accountNo(r.bankAccountNo),
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },

    async detail(operator: OperatorContext, memberId: string): Promise<MemberDetail> {
      const member = await memberOrThrow(memberId);
      const [posted, available, bonuses, sessions, inviter, invitees] = await Promise.all([
        readMemberBalances(kysely, memberId, 'posted'),
        readMemberBalances(kysely, memberId, 'available'),
        listMemberBonuses(kysely, memberId),
        listMemberSessions(kysely, memberId, SESSIONS_SHOWN),
        findInviter(kysely, memberId),
        countInvitees(kysely, memberId),
      ]);
      const now = clock.now().getTime();
      return {
        member: {
          id: member.id,
          publicId: member.publicId,
          phone: member.phone,
          name: member.name,
          currency: member.currency,
          status: member.status,
          bankCode: member.bank?.code ?? null,
          bankAccountNo: accountNoFor(operator)(member.bank?.accountNo ?? null),
          bankName: member.bank?.nameEn ?? null,
          bankNameTh: member.bank?.nameTh ?? null,
          bankAccountName: member.bank?.accountName ?? null,
          bankChangedAt: isoOrNull(member.bank?.changedAt ?? null),
          createdAt: member.createdAt.toISOString(),
        },
        balances: {
          currency: member.currency,
          cashMinor: posted.cash.toString(),
          cashAvailableMinor: available.cash.toString(),
          bonusMinor: posted.bonus.toString(),
          gamesMinor: Object.fromEntries(
            Object.entries(posted.games).map(([code, minor]) => [code, minor.toString()]),
          ),
        },
        // Newest first, as every other list of the page.
        bonuses: bonuses.reverse().map((b) => ({
          id: b.id,
          bonusCode: b.bonusCode,
          status: b.status,
          isPromotion: b.isPromotion,
          depositMinor: b.depositMinor.toString(),
          bonusMinor: b.bonusMinor.toString(),
          forfeitedMinor: b.forfeitedMinor.toString(),
          createdAt: b.createdAt.toISOString(),
          expiresAt: b.expiresAt.toISOString(),
          endedAt: isoOrNull(b.endedAt),
        })),
        sessions: sessions.map((s) => ({
          id: s.id,
          ip: s.ip,
          userAgent: s.user_agent,
          createdAt: s.created_at.toISOString(),
          lastUsedAt: s.last_used_at.toISOString(),
          revokedAt: isoOrNull(s.revoked_at),
          isLive:
            s.revoked_at === null &&
            s.last_used_at.getTime() > now - SESSION_IDLE_MS &&
            s.created_at.getTime() > now - SESSION_MAX_AGE_MS,
        })),
        invitedBy: inviter ?? null,
        invitees,
      };
    },

    /** Each game account with the provider's live balance; a provider that fails marks its row only. */
    async games(memberId: string): Promise<ResponseOf<typeof adminMemberGamesContract>> {
      await memberOrThrow(memberId);
      const [accounts, balances] = await Promise.all([
        listMemberGameAccounts(kysely, memberId),
        readMemberBalances(kysely, memberId, 'posted'),
      ]);
      const rows = await Promise.all(
        accounts
          .sort((a, b) => a.provider.localeCompare(b.provider))
          .map(async (account) => {
            let liveMinor: string | null = null;
            let liveError: string | null = null;
            if (account.status !== 'active') liveError = 'NOT_ACTIVE';
            else {
              try {
                liveMinor = (await games.getBalance(account.provider, account.username)).toString();
              } catch (error) {
                liveError = error instanceof GameProviderError ? error.code : 'UNREACHABLE';
              }
            }
            return {
              provider: account.provider,
              username: account.username,
              status: account.status,
              ledgerMinor: (balances.games[account.provider] ?? 0n).toString(),
              liveMinor,
              liveError,
              syncedAt: isoOrNull(account.synced_at),
            };
          }),
      );
      return { rows };
    },

    async ledger(
      operator: OperatorContext,
      memberId: string,
      body: { view: LedgerView } & Page,
    ): Promise<ResponseOf<typeof adminMemberLedgerContract>> {
      await memberOrThrow(memberId);
      const { view } = body;
      const { total, transfers } = await listMemberTransfersWithSides(kysely, memberId, {
        excludeKinds: view === 'ledger' ? [] : KINDS_NOT_IN_STATEMENT,
        match: view === 'deposit' || view === 'withdraw' ? FILTER_MATCH[view] : undefined,
        ...pageWindow(body),
      });
      const accountNo = accountNoFor(operator);
      return {
        total,
        rows: transfers.map((t) => {
          const isIn = t.credit.memberId === memberId;
          const isOut = t.debit.memberId === memberId;
          const sign = isIn === isOut ? 0n : isIn ? 1n : -1n;
          return {
            id: t.id,
            kind: t.kind,
            status: t.status,
            amountMinor: t.amountMinor.toString(),
            signedMinor: (sign * t.amountMinor).toString(),
            createdAt: t.createdAt.toISOString(),
            debit: t.debit,
            credit: t.credit,
            // A bank-feed deposit names the account the money came from: the member's (docs/back-office/members.md).
            metadata:
              typeof t.metadata?.fromAccountNo === 'string'
                ? { ...t.metadata, fromAccountNo: accountNo(t.metadata.fromAccountNo) }
                : t.metadata,
          };
        }),
      };
    },

    async slips(memberId: string, page: Page) {
      await memberOrThrow(memberId);
      const { total, slips } = await listSlips(kysely, memberId, pageWindow(page));
      return {
        total,
        rows: slips.map((s) => ({
          id: s.id,
          status: s.status,
          reason: s.reason,
          transRef: s.transRef,
          amountMinor: s.amountMinor.toString(),
          createdAt: s.createdAt.toISOString(),
        })),
      };
    },

    async invitees(memberId: string, page: Page) {
      await memberOrThrow(memberId);
      const [counts, rows] = await Promise.all([
        countInvitees(kysely, memberId),
        listInvitees(kysely, memberId, pageWindow(page)),
      ]);
      return {
        total: counts.total,
        rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      };
    },

    async withdrawals(operator: OperatorContext, memberId: string, page: Page) {
      await memberOrThrow(memberId);
      const { total, rows } = await listMemberWithdrawals(kysely, memberId, pageWindow(page));
      const accountNo = accountNoFor(operator);
      return {
        total,
        rows: rows.map((w) => ({
          id: w.id,
          amountMinor: w.amountMinor.toString(),
          status: w.status,
          bankCode: w.bankCode,
          accountNo: accountNo(w.accountNo),
          failureCode: w.failureCode,
          createdAt: w.createdAt.toISOString(),
          decidedAt: isoOrNull(w.decidedAt),
        })),
      };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
