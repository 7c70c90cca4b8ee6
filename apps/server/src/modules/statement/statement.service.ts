import type { StatementBody } from '@mekong/contracts/statement';
import type { AppDeps } from '@/app-deps.ts';
import { pageWindow } from '@/db/paged.ts';
import {
  listMemberTransfersWithSides,
  type TransferWithSides,
} from '@/modules/ledger/ledger.repository.ts';
import { listBankClearingCodes } from '@/modules/lookup/lookup.repository.ts';
import type { StatementContext } from '@/modules/statement/statement-channel.ts';
import { FILTER_MATCH, KINDS_NOT_IN_STATEMENT } from '@/modules/statement/statement-mapping.ts';
import { listPayoutAccounts } from '@/modules/withdrawal/withdrawal.repository.ts';

const CLEARING_CODE = /^\d{3}$/;

/**
 * POST /api/statement (docs/spec.md §2, §7): the member's ledger transfers as statement rows, newest first, only those
 * of one type when `type` is given; each row with the channel its money moved by (issue 9).
 */
export function createStatementService({ db }: Pick<AppDeps, 'db'>) {
  return {
    async list(
      memberId: string,
      body: Pick<StatementBody, 'page' | 'limit' | 'type'>,
    ): Promise<{ total: number; transfers: TransferWithSides[]; context: StatementContext }> {
      const { total, transfers } = await listMemberTransfersWithSides(db.kysely, memberId, {
        excludeKinds: KINDS_NOT_IN_STATEMENT,
        match: body.type ? FILTER_MATCH[body.type] : undefined,
        ...pageWindow(body),
      });
      const withdrawals = transfers.filter((t) => t.kind === 'withdraw').map((t) => t.id);
      const numbered = transfers.some((t) => {
        const meta = t.metadata ?? {};
        return [meta.sendingBank, meta.fromBankCode].some(
          (code) => typeof code === 'string' && CLEARING_CODE.test(code.trim()),
        );
      });
      const [payouts, clearing] = await Promise.all([
        listPayoutAccounts(db.kysely, memberId, withdrawals),
        numbered ? listBankClearingCodes(db.kysely) : Promise.resolve([]),
      ]);
      const codeByNumber = new Map(clearing.map((b) => [b.numeric_code, b.code]));
      const payoutByTransfer = new Map(payouts.map((p) => [p.transferId, p]));
      const context: StatementContext = {
        bankCodeOf: (code) => codeByNumber.get(code.trim()) ?? code.trim(),
        payoutOf: (transferId) => payoutByTransfer.get(transferId),
      };
      return { total, transfers, context };
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
