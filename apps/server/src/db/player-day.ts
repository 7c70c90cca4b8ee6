import { sql, type RawBuilder } from 'kysely';

/**
 * The day of the players' calendar (Asia/Bangkok, UTC+7 all year) a timestamp falls on, as a whole number of days
 * since 1970-01-01 there. Arithmetic on the epoch, so the database session's time zone cannot change the answer.
 */
export function playerDayOf(column: string): RawBuilder<number> {
  return sql<number>`floor((extract(epoch from ${sql.ref(column)}) + 25200) / 86400)::int`;
}
