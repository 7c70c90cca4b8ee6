import { existsSync, readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { LOCALES } from '@mekong/contracts/constants';
import { HOWTO_VIDEO_KEYS } from '@mekong/contracts/lookup';
import type { Database } from '@/db/schema.ts';
import { storeHowtoUpload } from '@/modules/howto/howto.service.ts';
import { findSettingForUpdate } from '@/modules/settings/settings.repository.ts';

/** The recorded how-to videos (`npm run howto:record`): <language>/<topic in kebab-case>.mp4 and .jpg. */
export const DEMO_HOWTO_DIR = new URL('../../../demo-content/howto/', import.meta.url);

const fileOf = (topic: string) => topic.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * Loads the recorded how-to videos as operator content (docs/decisions/0020-howto-videos.md), only on a database whose
 * how-to setting was never written: an operator's videos or addresses are never replaced.
 */
export async function seedDemoHowto(db: Kysely<Database>, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Takes the setting's lock first: a second server process seeding the same new database waits, then finds the row.
    await findSettingForUpdate(trx, 'howto');
    const stored = await trx
      .selectFrom('operator_settings')
      .select('key')
      .where('key', '=', 'howto')
      .executeTakeFirst();
    if (stored) return;
    for (const language of LOCALES)
      for (const topic of HOWTO_VIDEO_KEYS) {
        const video = new URL(`${language}/${fileOf(topic)}.mp4`, DEMO_HOWTO_DIR);
        const poster = new URL(`${language}/${fileOf(topic)}.jpg`, DEMO_HOWTO_DIR);
        if (!existsSync(video)) continue;
        const hasPoster = existsSync(poster);
        await storeHowtoUpload(
          trx,
          {
            language,
            topic,
            video: readFileSync(video),
            videoMime: 'video/mp4',
            poster: hasPoster ? readFileSync(poster) : null,
            posterMime: hasPoster ? 'image/jpeg' : null,
          },
          now,
          null,
        );
      }
  });
}
