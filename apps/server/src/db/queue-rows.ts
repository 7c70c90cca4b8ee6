import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Database } from '@/db/schema.ts';
import { searchItemId, searchMemberIds, type QueueQuery } from '@/lib/queue-query.ts';

/**
 * What the repositories of the back office's money-in queues read and write alike (docs/back-office/money-in.md).
 * Each table stays its owning repository's: these only add conditions to its query, or columns to its update.
 */

export type QueueTable =
  'qr_payments' | 'truemoney_vouchers' | 'deposit_notices' | 'slips' | 'bank_incoming_transfers';

type QueueBuilder = SelectQueryBuilder<Database, QueueTable, object>;
export type QueueColumn = { [T in QueueTable]: keyof Database[T] & string }[QueueTable];

/** Open: the items still in `openStatus`; decided: those an operator decided; all: both. */
export function byHeldState<QB extends QueueBuilder>(
  base: QB,
  state: QueueQuery['state'],
  openStatus: 'held' | 'unmatched',
): QB {
  const b: QueueBuilder = base;
  if (state === 'open') return b.where('status', '=', openStatus) as QB;
  if (state === 'decided') return b.where('decided_at', 'is not', null) as QB;
  return b.where((eb) =>
    eb.or([eb('status', '=', openStatus), eb('decided_at', 'is not', null)]),
  ) as QB;
}

/**
 * The items a search names (its members', the item's own id, or a column equal to its text, or what `more` adds), made
 * from `from` to before `to` by their `at` column.
 */
export function bySearchAndDates<QB extends QueueBuilder>(
  base: QB,
  q: QueueQuery,
  options: {
    columns: readonly QueueColumn[];
    at?: 'created_at' | 'received_at';
    more?: (eb: ExpressionBuilder<Database, QueueTable>, text: string) => Expression<SqlBool>[];
  },
): QB {
  const at = options.at ?? 'created_at';
  let b: QueueBuilder = base;
  const search = q.search;
  if (search) {
    b = b.where((eb) =>
      eb.or([
        eb('member_id', 'in', searchMemberIds(search)),
        ...options.columns.map((column) => eb(column, '=', search.text)),
        ...(options.more?.(eb, search.text) ?? []),
        eb('id', '=', searchItemId(search)),
      ]),
    );
  }
  if (q.from) b = b.where(at, '>=', q.from);
  if (q.to) b = b.where(at, '<', q.to);
  return b as QB;
}

/** The columns an operator's decision sets on its item: who, when and why. */
export const decisionColumns = (d: { decidedBy: string; reason: string; now: Date }) => ({
  decided_by: d.decidedBy,
  decided_at: d.now,
  decision_reason: d.reason,
  updated_at: d.now,
});
