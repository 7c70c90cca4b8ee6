import type { AppDeps } from '@/app-deps.ts';
import {
  listMemberTransfersWithSides,
  type TransferWithSides,
} from '@/modules/ledger/ledger.repository.ts';
import { KINDS_NOT_IN_STATEMENT } from '@/modules/statement/statement-mapping.ts';

/** POST /api/statement (docs/spec.md §2, §7): the member's ledger transfers as statement rows, newest first. */
export function createStatementService({ db }: Pick<AppDeps, 'db'>) {
  return {
    async list(
      memberId: string,
      page: { page: number; limit: number },
    ): Promise<{ total: number; transfers: TransferWithSides[] }> {
      const { total, transfers } = await listMemberTransfersWithSides(db.kysely, memberId, {
        excludeKinds: KINDS_NOT_IN_STATEMENT,
        offset: (page.page - 1) * page.limit,
        limit: page.limit,
      });
      return { total, transfers };
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
