import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOWTO_POSTER_MAX_BYTES } from '@mekong/contracts/admin/settings';
import { HOWTO_MEDIA_URL } from '@mekong/contracts/lookup';
import { HOWTO_PER_LANGUAGE } from '@/db/migrations/0030-howto-media.ts';
import { DEMO_HOWTO_DIR } from '@/db/seed/demo-howto.ts';
import { forgetCachedSettings } from '@/modules/settings/settings.repository.ts';
import { howtoVideos } from './support/howto.ts';
import { adminApi, signedInOperator, type TestOperator } from './support/operators.ts';
import { BOUNDARY, multipart } from './support/slips.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** How-to videos as operator content (docs/decisions/0020-howto-videos.md): uploads, byte ranges, the lookup. */

let t: TestApp;
let marketing: TestOperator;
let support: TestOperator;

/** A recorded video and poster of the repository (npm run howto:record). */
const VIDEO = readFileSync(new URL('en/wallet.mp4', DEMO_HOWTO_DIR));
const POSTER = readFileSync(new URL('en/wallet.jpg', DEMO_HOWTO_DIR));
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1f1e2f40000000049454e44ae426082',
  'hex',
);

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO_VIDEOS: 'true' });
  marketing = await signedInOperator(t, 'marketing');
  support = await signedInOperator(t, 'support');
});
afterAll(async () => {
  await t?.close();
});

function uploadHowto(
  operator: TestOperator,
  path: string,
  parts: { field: string; bytes: Buffer; type?: string }[],
) {
  return t.api('POST', `/api/admin/settings/howto/${path}`, {
    isWithoutMarker: true,
    rawBody: multipart(parts.map((p) => ({ filename: 'file', type: 'video/mp4', ...p }))),
    headers: {
      'x-client': 'backoffice',
      authorization: `Bearer ${operator.token}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
  });
}

async function lookupHowto() {
  const response = await t.api('GET', '/api/lookup/howto');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReturnType<typeof howtoVideos>;
}

const media = (url: string, headers: Record<string, string> = {}) =>
  t.api('GET', url, { isWithoutMarker: true, headers });

describe('how-to videos', () => {
  it('a new demo database has the recorded videos of every language as operator content', async () => {
    const { videos } = await lookupHowto();
    for (const language of ['th', 'la', 'en'] as const)
      for (const video of Object.values(videos[language])) {
        expect(video.url).toMatch(HOWTO_MEDIA_URL);
        expect(video.posterUrl).toMatch(HOWTO_MEDIA_URL);
      }
    // Each language has its own recording.
    expect(videos.th.wallet.url).not.toBe(videos.en.wallet.url);
    const answer = await media(videos.en.wallet.url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('video/mp4');
    expect(answer.rawPayload.equals(VIDEO)).toBe(true);
    const poster = await media(videos.en.wallet.posterUrl);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.equals(POSTER)).toBe(true);
  });

  it('an operator with settings.content uploads a video and poster for one language, audited; the lookup shows it there only', async () => {
    const before = await lookupHowto();
    const answer = await uploadHowto(marketing, 'la/bonus', [
      { field: 'video', bytes: VIDEO },
      { field: 'poster', bytes: POSTER, type: 'image/jpeg' },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const entry = answer.json() as { url: string; posterUrl: string };
    expect(entry.url).toMatch(/^\/api\/files\/howto\/[A-Za-z0-9_-]{43}\.mp4$/);
    expect(entry.posterUrl).toMatch(/^\/api\/files\/howto\/[A-Za-z0-9_-]{43}\.jpg$/);

    const after = await lookupHowto();
    expect(after.videos.la.bonus).toEqual(entry);
    expect(after.videos.th.bonus).toEqual(before.videos.th.bonus);
    expect(after.videos.en).toEqual(before.videos.en);

    const audit = await t.app.deps.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'operator_id', 'before', 'after'])
      .where('target_id', '=', 'howto')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'setting.changed',
      operator_id: marketing.id,
      before: { videos: { la: { bonus: before.videos.la.bonus } } },
      after: { videos: { la: { bonus: entry } } },
    });

    // The saved addresses keep the upload; an operator may switch it to an embeddable address.
    const saved = await adminApi(t, 'PUT', '/api/admin/settings/howto', {
      token: marketing.token,
      body: {
        videos: {
          ...after.videos,
          th: howtoVideos({ wallet: 'https://www.youtube.com/embed/x' }).videos.th,
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const switched = await lookupHowto();
    expect(switched.videos.th.wallet).toEqual({
      url: 'https://www.youtube.com/embed/x',
      posterUrl: '',
    });
    expect(switched.videos.la.bonus).toEqual(entry);
  });

  it('keeps no media a setting no longer points at: a replaced upload and one switched to an address are deleted', async () => {
    const stored = () =>
      t.app.deps.db.kysely
        .selectFrom('howto_media')
        .select(['token', 'kind'])
        .where('language', '=', 'en')
        .where('topic', '=', 'play')
        .execute();
    const first = (
      await uploadHowto(marketing, 'en/play', [
        { field: 'video', bytes: VIDEO },
        { field: 'poster', bytes: POSTER, type: 'image/jpeg' },
      ])
    ).json() as { url: string; posterUrl: string };
    const second = (
      await uploadHowto(marketing, 'en/play', [{ field: 'video', bytes: VIDEO }])
    ).json() as {
      url: string;
      posterUrl: string;
    };
    expect((await media(first.url, { range: 'bytes=0-9' })).statusCode).toBe(404);
    expect((await media(first.posterUrl, { range: 'bytes=0-9' })).statusCode).toBe(404);
    expect((await media(second.url, { range: 'bytes=0-9' })).statusCode).toBe(206);
    expect((await stored()).map((row) => row.kind)).toEqual(['video']);
    // Other languages' and topics' uploads are untouched.
    const videos = (await lookupHowto()).videos;
    expect((await media(videos.la.wallet.url, { range: 'bytes=0-9' })).statusCode).toBe(206);

    const saved = await adminApi(t, 'PUT', '/api/admin/settings/howto', {
      token: marketing.token,
      body: {
        videos: {
          ...videos,
          en: { ...videos.en, play: { url: 'https://www.youtube.com/embed/y', posterUrl: '' } },
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stored()).toEqual([]);
    expect((await media(second.url, { range: 'bytes=0-9' })).statusCode).toBe(404);
  });

  it('two uploads at once for one topic leave the setting on a stored video, and only that one stored', async () => {
    const answers = await Promise.all([
      uploadHowto(marketing, 'th/bonusCancel', [{ field: 'video', bytes: VIDEO }]),
      uploadHowto(marketing, 'th/bonusCancel', [{ field: 'video', bytes: VIDEO }]),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const current = (await lookupHowto()).videos.th.bonusCancel;
    expect((await media(current.url, { range: 'bytes=0-9' })).statusCode).toBe(206);
    const stored = await t.app.deps.db.kysely
      .selectFrom('howto_media')
      .select('token')
      .where('language', '=', 'th')
      .where('topic', '=', 'bonusCancel')
      .execute();
    expect(stored.map((row) => current.url.includes(row.token))).toEqual([true]);
  });

  it('is refused without settings.content, for bytes that are not an MP4, and without a video', async () => {
    const before = await lookupHowto();
    const forbidden = await uploadHowto(support, 'en/play', [{ field: 'video', bytes: VIDEO }]);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ message: 'OPERATOR_FORBIDDEN' });

    // A PNG named and typed as a video.
    const png = await uploadHowto(marketing, 'en/play', [{ field: 'video', bytes: PNG }]);
    expect(png.statusCode).toBe(415);
    expect(png.json()).toMatchObject({ message: 'HOWTO_VIDEO_NOT_MP4' });

    // A video as the poster.
    const poster = await uploadHowto(marketing, 'en/play', [
      { field: 'video', bytes: VIDEO },
      { field: 'poster', bytes: VIDEO },
    ]);
    expect(poster.statusCode).toBe(415);
    expect(poster.json()).toMatchObject({ message: 'HOWTO_POSTER_NOT_SUPPORTED' });

    // A poster past its 2 MB.
    const heavy = await uploadHowto(marketing, 'en/play', [
      { field: 'video', bytes: VIDEO },
      { field: 'poster', bytes: Buffer.concat([POSTER, Buffer.alloc(HOWTO_POSTER_MAX_BYTES)]) },
    ]);
    expect(heavy.statusCode).toBe(413);
    expect(heavy.json()).toMatchObject({ message: 'HOWTO_POSTER_TOO_LARGE' });

    const none = await uploadHowto(marketing, 'en/play', [{ field: 'poster', bytes: POSTER }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: 'HOWTO_VIDEO_REQUIRED' });

    const unknownTopic = await uploadHowto(marketing, 'en/jackpot', [
      { field: 'video', bytes: VIDEO },
    ]);
    expect(unknownTopic.statusCode).toBe(404);

    expect(await lookupHowto()).toEqual(before);
  });

  it('serves byte ranges (206 with the exact bytes), suffix ranges, and 416 past the end', async () => {
    const { videos } = await lookupHowto();
    const url = videos.en.wallet.url;
    const size = VIDEO.length;

    const whole = await media(url);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toContain('immutable');
    expect(Number(whole.headers['content-length'])).toBe(size);

    const part = await media(url, { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${size}`);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.rawPayload.equals(VIDEO.subarray(100, 1100))).toBe(true);

    // What a phone asks first (bytes=0-) and for the end of the file (the index of a non-faststart MP4).
    const open = await media(url, { range: 'bytes=0-' });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(VIDEO)).toBe(true);
    const tail = await media(url, { range: 'bytes=-500' });
    expect(tail.headers['content-range']).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(tail.rawPayload.equals(VIDEO.subarray(size - 500))).toBe(true);

    const past = await media(url, { range: `bytes=${size + 10}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);

    expect((await media(`/api/files/howto/${'A'.repeat(43)}.mp4`)).statusCode).toBe(404);
    expect((await media('/api/files/howto/not-a-token.mp4')).statusCode).toBe(404);
  });
});

describe('migration 0030', () => {
  it('turns the old addresses (one per video) into the same address in th, la and en', async () => {
    const db = t.app.deps.db.kysely;
    const before = await db
      .selectFrom('operator_settings')
      .select('value')
      .where('key', '=', 'howto')
      .executeTakeFirstOrThrow();
    const old = {
      videos: {
        wallet: 'https://www.youtube.com/embed/w',
        play: '',
        balance: 'https://www.youtube.com/embed/b',
        bonus: '',
        bonusCancel: '',
      },
    };
    try {
      await db
        .updateTable('operator_settings')
        .set({ value: sql<string>`${JSON.stringify(old)}::jsonb` })
        .where('key', '=', 'howto')
        .execute();
      await sql.raw(HOWTO_PER_LANGUAGE).execute(db);
      forgetCachedSettings();
      expect(await lookupHowto()).toEqual(
        howtoVideos({
          wallet: 'https://www.youtube.com/embed/w',
          balance: 'https://www.youtube.com/embed/b',
        }),
      );
      // Run again, it changes nothing.
      await sql.raw(HOWTO_PER_LANGUAGE).execute(db);
      expect((await lookupHowto()).videos.la.balance.url).toBe('https://www.youtube.com/embed/b');
    } finally {
      await db
        .updateTable('operator_settings')
        .set({ value: sql<string>`${JSON.stringify(before.value)}::jsonb` })
        .where('key', '=', 'howto')
        .execute();
    }
  });
});
