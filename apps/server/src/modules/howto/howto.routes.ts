import type { FastifyInstance, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import {
  adminUploadHowtoVideoContract,
  HOWTO_POSTER_FIELD,
  HOWTO_VIDEO_FIELD,
  HOWTO_VIDEO_MAX_BYTES,
} from '@mekong/contracts/admin/settings';
import { CHAT_UPLOAD_TIMEOUT_MS } from '@mekong/contracts/chat';
import { HOWTO_MEDIA_PATH } from '@mekong/contracts/lookup';
import { adminRoute } from '@/lib/admin-route.ts';
import { AppError } from '@/lib/app-error.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import { multipartContext, unreadableUpload } from '@/lib/multipart-upload.ts';
import { storedFileReply } from '@/lib/stored-file-reply.ts';
import { HOWTO_FILE } from '@/modules/howto/howto-media.ts';
import type { HowtoService } from '@/modules/howto/howto.service.ts';

/** The video and the optional poster of a how-to upload; past the video's limit the stream is cut. */
async function readHowtoUpload(
  request: FastifyRequest,
): Promise<{ video: Buffer; poster: Buffer | null }> {
  let video: Buffer | null = null;
  let poster: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === HOWTO_VIDEO_FIELD) video = bytes;
      else if (part.fieldname === HOWTO_POSTER_FIELD) poster = bytes;
    }
  } catch (error) {
    throw unreadableUpload(request, error, 'how-to', {
      tooLarge: 'HOWTO_VIDEO_TOO_LARGE',
      broken: 'HOWTO_VIDEO_REQUIRED',
    });
  }
  if (!video || video.length === 0) throw new AppError('HOWTO_VIDEO_REQUIRED');
  return { video, poster: poster && poster.length > 0 ? poster : null };
}

/**
 * The how-to videos as operator content (docs/decisions/0020-howto-videos.md): the back office's upload, and the media
 * at their public address with byte ranges, which phone browsers need to start and seek a video.
 */
export function registerHowtoRoutes(
  app: FastifyInstance,
  table: ApiRouteTable,
  howto: HowtoService,
) {
  void app.register(async (upload) => {
    await multipartContext(upload, {
      throwFileSizeLimit: true,
      limits: { fileSize: HOWTO_VIDEO_MAX_BYTES, files: 2, fields: 5, parts: 7 },
      deadlineMs: CHAT_UPLOAD_TIMEOUT_MS,
      notMultipart: 'HOWTO_VIDEO_REQUIRED',
    });
    adminRoute(upload, table, {
      contract: adminUploadHowtoVideoContract,
      handler: async ({ params, request, operator }) =>
        howto.upload({ ...params, ...(await readHowtoUpload(request)) }, operator),
    });
  });

  table.push({
    method: 'GET',
    path: `${HOWTO_MEDIA_PATH}:file`,
    pattern: new RegExp(`^${HOWTO_MEDIA_PATH}[^/]+/?$`),
    summary: 'A how-to video or poster the operator uploaded (public; answers byte ranges).',
    session: 'none',
  });
  app.get<{ Params: { file: string } }>(`${HOWTO_MEDIA_PATH}:file`, async (request, reply) => {
    const token = HOWTO_FILE.exec(request.params.file)?.[1];
    const info = token ? await howto.info(token) : undefined;
    if (!token || !info) throw new AppError('NOT_FOUND');
    const size = info.size_bytes;
    // A new upload is a new address, so what is here never changes.
    void storedFileReply(reply, info.mime_type, 'public, max-age=31536000, immutable')
      .header('accept-ranges', 'bytes')
      .header('etag', `"${token}"`);
    const header = request.headers.range;
    const ranges = header ? parseRange(size, header, { combine: true }) : -2;
    if (ranges === -1) return reply.code(416).header('content-range', `bytes */${size}`).send();
    // A malformed header, another unit or several ranges: the whole file, as a server may answer.
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) {
      const { start, end } = ranges[0]!;
      return reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${size}`)
        .send(await howto.bytes(token, start, end));
    }
    return reply.send(await howto.bytes(token, 0, size - 1));
  });
}
