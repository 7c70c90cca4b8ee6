import type { ResponseOf } from '@mekong/contracts/contract';
import type { statementList } from '@mekong/contracts/statement';
import type { AppDeps } from '@/app-deps.ts';
import { listMemberTransfersWithSides } from '@/modules/ledger/ledger.repository.ts';
import { KINDS_NOT_IN_STATEMENT, toStatementEntry } from '@/modules/statement/statement-mapping.ts';

export type StatementResponse = ResponseOf<typeof statementList>;

/** POST /api/statement (spec §2, §7): the member's ledger transfers as statement rows, newest first. */
export function createStatementService({ db }: Pick<AppDeps, 'db'>) {
  return {
    async list(
      memberId: string,
      page: { page: number; limit: number },
    ): Promise<StatementResponse> {
      const { total, transfers } = await listMemberTransfersWithSides(db.kysely, memberId, {
        excludeKinds: KINDS_NOT_IN_STATEMENT,
        offset: (page.page - 1) * page.limit,
        limit: page.limit,
      });
      return { total, statements: transfers.map(toStatementEntry) };
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
