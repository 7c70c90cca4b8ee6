import { isUuid } from '@/lib/uuid.ts';

/** One page of an operator queue (docs/back-office/money-in.md): which items, as the repositories read it. */
export type QueueQuery = {
  /** open: waiting for an operator; decided: settled by an operator; all: both. */
  state: 'open' | 'decided' | 'all';
  /** A typed search: the members it names (ids) or the item's own reference; null: no search. */
  search: { memberIds: string[]; text: string } | null;
  from?: Date | undefined;
  to?: Date | undefined;
  /**
   * system: the duplicates the system refused by itself (a slip or bank transfer already credited); person: the
   * others; absent: both (docs/back-office/triage.md). Queues without such duplicates ignore it.
   */
  origin?: 'person' | 'system' | undefined;
  offset: number;
  limit: number;
};

const NIL = '00000000-0000-0000-0000-000000000000';

type Search = NonNullable<QueueQuery['search']>;

/** The members a search names; none gives a placeholder id no row has (an `in` list is never empty). */
export const searchMemberIds = (s: Search): string[] =>
  s.memberIds.length > 0 ? s.memberIds : [NIL];
/** The item id a search is, or the placeholder. */
export const searchItemId = (s: Search): string => (isUuid(s.text) ? s.text : NIL);
