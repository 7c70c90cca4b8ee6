import type { ColumnType } from 'kysely';

/** Timestamps are timestamptz; both drivers give Date objects. */
export type Timestamp = ColumnType<Date, Date, Date>;

/**
 * int8 columns: node-postgres returns a string, PGlite a number, or a bigint beyond 2^53; each is exact, so read them
 * with BigInt (db/domain-row.ts) and write them as bigint (docs/design.md#amounts).
 */
export type Int8 = ColumnType<string | number, bigint | string, bigint | string>;
/** An int8 column with a database default (optional on insert). */
export type Int8Default = ColumnType<string | number, bigint | string | undefined, bigint | string>;
