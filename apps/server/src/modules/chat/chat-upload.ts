import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHAT_FILE_FIELD, CHAT_UPLOAD_TIMEOUT_MS } from '@mekong/contracts/chat';
import { AppError } from '@/lib/app-error.ts';
import { UPLOAD_MAX_BYTES, type UploadKind } from '@/modules/chat/chat-media.ts';
import { extendDeadline } from '@/plugins/request-deadline.ts';

/**
 * The context of the chat's upload calls: multipart (every other call stays JSON-only) and the 300 s deadline of
 * docs/spec.md §9. A body that is not multipart is refused before the contract reads it.
 */
export async function chatUploadContext(upload: FastifyInstance): Promise<void> {
  await upload.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: UPLOAD_MAX_BYTES.any, files: 1, fields: 5, parts: 6, headerPairs: 100 },
  });
  extendDeadline(upload, CHAT_UPLOAD_TIMEOUT_MS);
  upload.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) throw new AppError('CHAT_FILE_REQUIRED');
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
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('CHAT_FILE_TOO_LARGE');
    // A broken multipart body (bad boundary, cut off, too many parts).
    request.log.debug({ err: error }, 'chat upload unreadable');
    throw new AppError('CHAT_FILE_REQUIRED');
  }
  if (!bytes || bytes.length === 0) throw new AppError('CHAT_FILE_REQUIRED');
  return bytes;
}
