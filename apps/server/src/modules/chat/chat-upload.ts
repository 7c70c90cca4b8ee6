import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHAT_FILE_FIELD, CHAT_UPLOAD_TIMEOUT_MS } from '@mekong/contracts/chat';
import { AppError } from '@/lib/app-error.ts';
import { multipartContext, unreadableUpload } from '@/lib/multipart-upload.ts';
import { UPLOAD_MAX_BYTES, type UploadKind } from '@/modules/chat/chat-media.ts';

/**
 * The context of the chat's upload calls: multipart (every other call stays JSON-only) and the 300 s deadline of
 * docs/spec.md §9. A body that is not multipart is refused before the contract reads it.
 */
export function chatUploadContext(upload: FastifyInstance): Promise<void> {
  return multipartContext(upload, {
    throwFileSizeLimit: true,
    limits: { fileSize: UPLOAD_MAX_BYTES.any, files: 1, fields: 5, parts: 6 },
    deadlineMs: CHAT_UPLOAD_TIMEOUT_MS,
    notMultipart: 'CHAT_FILE_REQUIRED',
  });
}

/**
 * The bytes of the `file` field, read up to the call's limit: past it the stream is cut and CHAT_FILE_TOO_LARGE
 * answered before the rest of the body is kept.
 */
export async function readUpload(request: FastifyRequest, kind: UploadKind): Promise<Buffer> {
  let bytes: Buffer | null = null;
  try {
    const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES[kind] } });
    if (part && part.fieldname === CHAT_FILE_FIELD) bytes = await part.toBuffer();
  } catch (error) {
    throw unreadableUpload(request, error, 'chat', {
      tooLarge: 'CHAT_FILE_TOO_LARGE',
      broken: 'CHAT_FILE_REQUIRED',
    });
  }
  if (!bytes || bytes.length === 0) throw new AppError('CHAT_FILE_REQUIRED');
  return bytes;
}
