import { sql, type Kysely, type Transaction } from 'kysely';
import { bufferOf } from '@/db/bytea.ts';
import { finder } from '@/db/finders.ts';
import type { Database } from '@/db/schema.ts';

type Q = Kysely<Database> | Transaction<Database>;

export type NewHowtoMedia = {
  token: string;
  language: 'th' | 'la' | 'en';
  topic: string;
  kind: 'video' | 'poster';
  mimeType: string;
  bytes: Buffer;
  uploadedBy: string | null;
  now: Date;
};

export async function insertHowtoMedia(db: Q, media: NewHowtoMedia) {
  await db
    .insertInto('howto_media')
    .values({
      token: media.token,
      language: media.language,
      topic: media.topic,
      kind: media.kind,
      mime_type: media.mimeType,
      size_bytes: media.bytes.length,
      bytes: media.bytes,
      uploaded_by: media.uploadedBy,
      created_at: media.now,
    })
    .onConflict((oc) => oc.column('token').doNothing())
    .execute();
}

/** A media's type and size without its bytes. */
export function findHowtoMediaInfo(db: Q, token: string) {
  return db
    .selectFrom('howto_media')
    .select(['token', 'kind', 'mime_type', 'size_bytes'])
    .where('token', '=', token)
    .executeTakeFirst();
}

/** Bytes `start`..`end` (inclusive, from 0) of a media, read in the database so a seek never loads the whole video. */
export const readHowtoMediaBytes = finder(
  (db: Q, token: string, start: number, end: number) =>
    db
      .selectFrom('howto_media')
      .select(sql<Uint8Array>`substring(bytes from ${start + 1} for ${end - start + 1})`.as('part'))
      .where('token', '=', token),
  (row) => bufferOf(row.part),
);

/** The tokens among `tokens` that are stored media of `kind`. */
export async function findExistingHowtoTokens(
  db: Q,
  tokens: readonly string[],
  kind: 'video' | 'poster',
): Promise<Set<string>> {
  if (tokens.length === 0) return new Set();
  const rows = await db
    .selectFrom('howto_media')
    .select('token')
    .where('token', 'in', tokens)
    .where('kind', '=', kind)
    .execute();
  return new Set(rows.map((r) => r.token));
}

/** Deletes every stored media but `kept` (the ones the how-to setting points at). */
export async function deleteHowtoMediaExcept(db: Q, kept: readonly string[]): Promise<void> {
  let query = db.deleteFrom('howto_media');
  if (kept.length > 0) query = query.where('token', 'not in', kept);
  await query.execute();
}
