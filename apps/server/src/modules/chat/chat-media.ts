import { fileTypeFromBuffer } from 'file-type';
import {
  CHAT_FILE_MAX_BYTES,
  CHAT_IMAGE_MIME_TYPES,
  CHAT_VIDEO_MAX_BYTES,
  CHAT_VIDEO_MIME_TYPES,
} from '@mekong/contracts/chat';
import { AppError } from '@/lib/app-error.ts';
import { headerPixels, MAX_PIXELS } from '@/modules/slip/slip-image.ts';
import { CHAT_MEDIA_PATH } from '@/plugins/client-marker.ts';

/** What an upload call takes: images, videos, or (the agents' one call) either. */
export type UploadKind = 'image' | 'video' | 'any';

/** The most bytes each call reads before refusing with CHAT_FILE_TOO_LARGE (checked while the body streams in). */
export const UPLOAD_MAX_BYTES: Record<UploadKind, number> = {
  image: CHAT_FILE_MAX_BYTES,
  video: CHAT_VIDEO_MAX_BYTES,
  any: CHAT_VIDEO_MAX_BYTES,
};

export const MEDIA_PATH_PREFIX = 'media/';
export const MEDIA_URL_PREFIX = CHAT_MEDIA_PATH;
export const MEDIA_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type CheckedMedia = { mimeType: string; fileType: 'image' | 'video' };

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * The file's type from its bytes (never its name or declared type): png, jpeg, gif images and mp4, quicktime videos;
 * anything else CHAT_FILE_NOT_SUPPORTED. An image is refused past 10 MB, and past 16 megapixels by its header, as
 * slips are, without decoding it (docs/decisions/0015-support-chat.md#calls).
 */
export async function checkMedia(bytes: Buffer, kind: UploadKind): Promise<CheckedMedia> {
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime ?? '';
  if (kind !== 'video' && isOneOf(CHAT_IMAGE_MIME_TYPES, mime)) {
    if (bytes.length > CHAT_FILE_MAX_BYTES) throw new AppError('CHAT_FILE_TOO_LARGE');
    const pixels = headerPixels(bytes);
    if (pixels === null) throw new AppError('CHAT_FILE_NOT_SUPPORTED');
    if (pixels > MAX_PIXELS) throw new AppError('IMAGE_SIZE_UNPROCESSABLE');
    return { mimeType: mime, fileType: 'image' };
  }
  if (kind !== 'image' && isOneOf(CHAT_VIDEO_MIME_TYPES, mime))
    return { mimeType: mime, fileType: 'video' };
  throw new AppError('CHAT_FILE_NOT_SUPPORTED');
}

/** The media token of a message's `filePath` (`media/<token>`), or null. */
export function mediaTokenOf(filePath: string): string | null {
  if (!filePath.startsWith(MEDIA_PATH_PREFIX)) return null;
  const token = filePath.slice(MEDIA_PATH_PREFIX.length);
  return MEDIA_TOKEN.test(token) ? token : null;
}
