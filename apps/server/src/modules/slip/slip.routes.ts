import type { FastifyInstance } from 'fastify';
import { SLIP_UPLOAD_TIMEOUT_MS } from '@mekong/contracts/constants';
import {
  SLIP_FILE_FIELD,
  SLIP_MAX_BYTES,
  slipList,
  slipReference,
  walletSlipUpload,
} from '@mekong/contracts/deposit';
import { AppError } from '@/lib/app-error.ts';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import { multipartContext } from '@/lib/multipart-upload.ts';
import { storedFileReply } from '@/lib/stored-file-reply.ts';
import { SLIP_IMAGE_PATH } from '@/modules/slip/slip-links.ts';
import type { SlipService, UploadedFile } from '@/modules/slip/slip.service.ts';
import { sessionOf } from '@/plugins/sessions.ts';

const IMAGE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function registerSlipRoutes(
  app: FastifyInstance,
  routes: ApiRouteTable,
  slips: SlipService,
) {
  app.addHook('onClose', async () => slips.close());
  // Multipart only here, in its own context: every other call stays JSON-only.
  void app.register(async (upload) => {
    // Spec §9: a slip upload may take 300 s (the 60 s deadline of other calls is replaced).
    await multipartContext(upload, {
      throwFileSizeLimit: false,
      limits: { fileSize: SLIP_MAX_BYTES, files: 1, fields: 5, parts: 6 },
      deadlineMs: SLIP_UPLOAD_TIMEOUT_MS,
      notMultipart: 'SLIP_INVALID_FILE',
    });
    contractRoute(upload, routes, {
      contract: walletSlipUpload,
      handler: async ({ request }) => {
        const memberId = sessionOf(request).memberId;
        let file: UploadedFile | null = null;
        try {
          const part = await request.file();
          if (part && part.fieldname === SLIP_FILE_FIELD) {
            const bytes = await part.toBuffer();
            file = { bytes, isTruncated: part.file.truncated };
          }
        } catch (error) {
          // A broken multipart body (bad boundary, cut off, too many parts).
          request.log.debug({ err: error }, 'slip upload unreadable');
          throw new AppError('SLIP_INVALID_FILE');
        }
        return { slip: await slips.upload(memberId, file) };
      },
    });
  });

  contractRoute(app, routes, {
    contract: slipList,
    handler: ({ body, request }) => slips.list(sessionOf(request).memberId, body),
  });
  contractRoute(app, routes, {
    contract: slipReference,
    handler: ({ params, request }) => slips.linkOf(sessionOf(request).memberId, params.reference),
  });

  // The slip image at its signed, expiring link (a browser tab opens it: no marker header, no bearer token).
  routes.push({
    method: 'GET',
    path: `${SLIP_IMAGE_PATH}/:token`,
    pattern: new RegExp(`^${SLIP_IMAGE_PATH}/[^/]+/?$`),
    summary: 'A slip image at its signed, expiring link (query member, expires, sig).',
  });
  app.get<{ Params: { token: string }; Querystring: Record<string, unknown> }>(
    `${SLIP_IMAGE_PATH}/:token`,
    async (request, reply) => {
      const { token } = request.params;
      if (!IMAGE_TOKEN.test(token)) throw new AppError('NOT_FOUND');
      const text = (name: string) => {
        const value = request.query[name];
        return typeof value === 'string' ? value : undefined;
      };
      const image = await slips.image(token, {
        member: text('member'),
        expires: text('expires'),
        sig: text('sig'),
      });
      return storedFileReply(reply, image.type, 'no-store').send(image.bytes);
    },
  );
}
