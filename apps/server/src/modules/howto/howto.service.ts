import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { HowtoVideoKey } from '@mekong/contracts/lookup';
import type { AppDeps } from '@/app-deps.ts';
import type { Database } from '@/db/schema.ts';
import { AppError } from '@/lib/app-error.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import {
  checkHowtoPoster,
  checkHowtoVideo,
  howtoMediaUrl,
  howtoTokensOf,
  withHowtoVideo,
  type HowtoLanguage,
} from '@/modules/howto/howto-media.ts';
import {
  deleteHowtoMediaExcept,
  findExistingHowtoTokens,
  findHowtoMediaInfo,
  insertHowtoMedia,
  readHowtoMediaBytes,
  type NewHowtoMedia,
} from '@/modules/howto/howto-media.repository.ts';
import { actorOf, type OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import {
  findSettingForUpdate,
  forgetCachedSettings,
  saveSetting,
} from '@/modules/settings/settings.repository.ts';
import { settingDefaults, type SettingValue } from '@/modules/settings/settings.schema.ts';

export type HowtoUpload = {
  language: HowtoLanguage;
  topic: HowtoVideoKey;
  video: Buffer;
  poster: Buffer | null;
};

const newToken = () => randomBytes(32).toString('base64url');

/**
 * Stores the media of one upload and points the topic's entry of the how-to setting at them, in one transaction (the
 * media rows, the setting and its `setting.changed` audit record). `uploadedBy` null: the demo seed.
 */
export async function storeHowtoUpload(
  trx: Transaction<Database>,
  upload: HowtoUpload & { videoMime: string; posterMime: string | null },
  now: Date,
  uploadedBy: string | null,
) {
  /** Stores one media of the upload under a new token; answers its address. */
  const store = async (kind: NewHowtoMedia['kind'], mimeType: string, bytes: Buffer) => {
    const token = newToken();
    const { language, topic } = upload;
    await insertHowtoMedia(trx, { language, topic, uploadedBy, now, token, kind, mimeType, bytes });
    return howtoMediaUrl(token, mimeType);
  };
  const url = await store('video', upload.videoMime, upload.video);
  const posterUrl =
    upload.poster && upload.posterMime
      ? await store('poster', upload.posterMime, upload.poster)
      : '';
  const before = (await findSettingForUpdate(trx, 'howto')) ?? settingDefaults.howto!;
  const entry = { url, posterUrl };
  const after = withHowtoVideo(before, upload.language, upload.topic, entry);
  await saveSetting(trx, 'howto', after, now);
  await forgetUnusedHowtoMedia(trx, after);
  return { before, after, entry };
}

/**
 * Deletes the uploads the how-to setting no longer points at (replaced, or switched to an address), in the
 * transaction that saved it. Called under the setting's row lock, and an upload's media and its setting are committed
 * together, so another operator's upload is never seen half made (docs/decisions/0020-howto-videos.md).
 */
export async function forgetUnusedHowtoMedia(
  trx: Transaction<Database>,
  value: SettingValue<'howto'>,
): Promise<void> {
  const { videos, posters } = howtoTokensOf(value);
  await deleteHowtoMediaExcept(trx, [...videos, ...posters]);
}

/** Refuses a how-to setting that points at an upload that is not stored (SETTING_URL_INVALID). */
export async function ensureHowtoMediaStored(
  db: Kysely<Database>,
  value: SettingValue<'howto'>,
): Promise<void> {
  const { videos, posters } = howtoTokensOf(value);
  const [storedVideos, storedPosters] = await Promise.all([
    findExistingHowtoTokens(db, videos, 'video'),
    findExistingHowtoTokens(db, posters, 'poster'),
  ]);
  if (!videos.every((t) => storedVideos.has(t)) || !posters.every((t) => storedPosters.has(t)))
    throw new AppError('SETTING_URL_INVALID');
}

/** How-to videos as operator content (docs/decisions/0020-howto-videos.md). */
export function createHowtoService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  return {
    /** An operator's upload: checked by its bytes, stored, and made the topic's video in that language. */
    async upload(upload: HowtoUpload, operator: OperatorContext) {
      const videoMime = await checkHowtoVideo(upload.video);
      const posterMime = upload.poster ? await checkHowtoPoster(upload.poster) : null;
      const entry = await db.withTransaction(async (trx) => {
        const now = clock.now();
        const stored = await storeHowtoUpload(
          trx,
          { ...upload, videoMime, posterMime },
          now,
          operator.operatorId,
        );
        await recordAudit(
          trx,
          actorOf(operator),
          {
            action: 'setting.changed',
            targetType: 'setting',
            targetId: 'howto',
            before: stored.before,
            after: stored.after,
          },
          now,
        );
        return stored.entry;
      });
      forgetCachedSettings();
      return entry;
    },

    info: (token: string) => findHowtoMediaInfo(db.kysely, token),

    async bytes(token: string, start: number, end: number): Promise<Buffer> {
      const bytes = await readHowtoMediaBytes(db.kysely, token, start, end);
      if (!bytes) throw new AppError('NOT_FOUND');
      return bytes;
    },
  };
}

export type HowtoService = ReturnType<typeof createHowtoService>;
