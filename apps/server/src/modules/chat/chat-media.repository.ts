import type { Kysely, Transaction } from 'kysely';
import { bufferOf } from '@/db/bytea.ts';
import type { Database } from '@/db/schema.ts';

type Q = Kysely<Database> | Transaction<Database>;

export type NewMedia = {
  token: string;
  conversationId: string;
  mimeType: string;
  fileType: 'image' | 'video' | 'file';
  bytes: Buffer;
  uploadedBy: 'customer' | 'agent';
  now: Date;
};

export async function insertMedia(db: Q, media: NewMedia) {
  await db
    .insertInto('chat_media')
    .values({
      token: media.token,
      conversation_id: media.conversationId,
      mime_type: media.mimeType,
      file_type: media.fileType,
      size_bytes: media.bytes.length,
      bytes: media.bytes,
      uploaded_by: media.uploadedBy,
      created_at: media.now,
    })
    .execute();
}

export async function findMedia(db: Q, token: string) {
  const row = await db
    .selectFrom('chat_media')
    .selectAll()
    .where('token', '=', token)
    .executeTakeFirst();
  return row && { ...row, bytes: bufferOf(row.bytes) };
}

/** A media's type without its bytes, when it belongs to the conversation. */
export function findMediaInfo(db: Q, token: string, conversationId: string) {
  return db
    .selectFrom('chat_media')
    .select(['token', 'file_type', 'mime_type'])
    .where('token', '=', token)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
}
