import { fileTypeFromBuffer } from 'file-type';
import {
  HOWTO_MEDIA_PATH,
  HOWTO_MEDIA_URL,
  HOWTO_VIDEO_KEYS,
  type HowtoVideoKey,
} from '@mekong/contracts/lookup';
import { HOWTO_POSTER_MAX_BYTES, HOWTO_VIDEO_MAX_BYTES } from '@mekong/contracts/admin/settings';
import { LOCALES } from '@mekong/contracts/constants';
import { AppError } from '@/lib/app-error.ts';
import { headerPixels, MAX_PIXELS } from '@/modules/slip/slip-image.ts';
import type { SettingValue } from '@/modules/settings/settings.schema.ts';

export type HowtoLanguage = (typeof LOCALES)[number];
type HowtoSetting = SettingValue<'howto'>;

/** A media file's name at its address: the token and the extension of its type. */
export const HOWTO_FILE = /^([A-Za-z0-9_-]{43})\.(mp4|jpg|png)$/;

const EXTENSION: Record<string, string> = {
  'video/mp4': 'mp4',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

export const howtoMediaUrl = (token: string, mimeType: string) =>
  `${HOWTO_MEDIA_PATH}${token}.${EXTENSION[mimeType] ?? 'bin'}`;

/** The token of an uploaded media's address, or null for an operator's URL or ''. */
export function howtoTokenOf(url: string): string | null {
  if (!HOWTO_MEDIA_URL.test(url)) return null;
  return HOWTO_FILE.exec(url.slice(HOWTO_MEDIA_PATH.length))?.[1] ?? null;
}

/**
 * A how-to video is an MP4 by its bytes (never its name or declared type): every phone browser plays H.264 in MP4
 * (docs/decisions/0020-howto-videos.md#format). The size is checked while the upload streams in.
 */
export async function checkHowtoVideo(bytes: Buffer): Promise<string> {
  if (bytes.length > HOWTO_VIDEO_MAX_BYTES) throw new AppError('HOWTO_VIDEO_TOO_LARGE');
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime !== 'video/mp4') throw new AppError('HOWTO_VIDEO_NOT_MP4');
  return detected.mime;
}

/** A poster is a JPEG or PNG by its bytes, within 2 MB and the slips' pixel limit (read from its header). */
export async function checkHowtoPoster(bytes: Buffer): Promise<string> {
  if (bytes.length > HOWTO_POSTER_MAX_BYTES) throw new AppError('HOWTO_POSTER_TOO_LARGE');
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime ?? '';
  if (mime !== 'image/jpeg' && mime !== 'image/png')
    throw new AppError('HOWTO_POSTER_NOT_SUPPORTED');
  const pixels = headerPixels(bytes);
  if (pixels === null) throw new AppError('HOWTO_POSTER_NOT_SUPPORTED');
  if (pixels > MAX_PIXELS) throw new AppError('IMAGE_SIZE_UNPROCESSABLE');
  return mime;
}

/** Every uploaded media a how-to setting points at, videos and posters apart. */
export function howtoTokensOf(value: HowtoSetting): { videos: string[]; posters: string[] } {
  const videos: string[] = [];
  const posters: string[] = [];
  for (const language of LOCALES)
    for (const topic of HOWTO_VIDEO_KEYS) {
      const { url, posterUrl } = value.videos[language][topic];
      const video = howtoTokenOf(url);
      const poster = howtoTokenOf(posterUrl);
      if (video) videos.push(video);
      if (poster) posters.push(poster);
    }
  return { videos, posters };
}

export function withHowtoVideo(
  value: HowtoSetting,
  language: HowtoLanguage,
  topic: HowtoVideoKey,
  video: { url: string; posterUrl: string },
): HowtoSetting {
  return {
    videos: { ...value.videos, [language]: { ...value.videos[language], [topic]: video } },
  };
}
