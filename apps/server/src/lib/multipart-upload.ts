import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MessageCode } from '@mekong/contracts/messages';
import { AppError } from '@/lib/app-error.ts';
import { extendDeadline } from '@/plugins/request-deadline.ts';

/**
 * Makes `upload`, a plugin context of its own, take multipart bodies (every other call stays JSON-only) with the
 * upload's longer deadline. A body that is not multipart is refused with `notMultipart` before the contract's body
 * check, so it gets the upload's own code.
 */
export async function multipartContext(
  upload: FastifyInstance,
  options: {
    /** false: the reader sees a truncated file and answers for it itself. */
    throwFileSizeLimit: boolean;
    limits: { fileSize: number; files: number; fields: number; parts: number };
    deadlineMs: number;
    notMultipart: MessageCode;
  },
): Promise<void> {
  await upload.register(multipart, {
    throwFileSizeLimit: options.throwFileSizeLimit,
    limits: { ...options.limits, headerPairs: 100 },
  });
  extendDeadline(upload, options.deadlineMs);
  upload.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) throw new AppError(options.notMultipart);
  });
}

/**
 * What an upload whose reading failed answers: a file past its limit (the stream was cut there) is `codes.tooLarge`;
 * a broken multipart body (bad boundary, cut off, too many parts) is `codes.broken`.
 */
export function unreadableUpload(
  request: FastifyRequest,
  error: unknown,
  what: string,
  codes: { tooLarge: MessageCode; broken: MessageCode },
): AppError {
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(codes.tooLarge);
  request.log.debug({ err: error }, `${what} upload unreadable`);
  return new AppError(codes.broken);
}
