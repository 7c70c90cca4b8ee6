import {
  CHAT_FILE_EXTENSIONS,
  CHAT_FILE_MAX_BYTES,
  CHAT_IMAGE_MIME_TYPES,
  CHAT_VIDEO_MAX_BYTES,
  CHAT_VIDEO_MIME_TYPES,
} from '@mekong/contracts/chat';

export type ChatFileKind = 'image' | 'video';

export type ChatFileCheck =
  | { isAccepted: true; kind: ChatFileKind }
  | { isAccepted: false; reason: 'unsupported' }
  | { isAccepted: false; reason: 'tooLarge'; maxMegabytes: number };

const VIDEO_EXTENSIONS = new Set(['mp4', 'mov']);

/** The file's ending, lower case, or '' when its name has none (`photo`, `.png`, `photo.`). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * What the picker accepts (docs/spec.md §5): a name with an ending among mp4, mov (quicktime), png, jpeg, jpg, gif;
 * a video at most 20 MB, anything else at most 10 MB. The server checks the bytes again.
 */
export function checkChatFile(file: Pick<File, 'name' | 'size'>): ChatFileCheck {
  const extension = extensionOf(file.name);
  if (!(CHAT_FILE_EXTENSIONS as readonly string[]).includes(extension)) return { isAccepted: false, reason: 'unsupported' };
  const kind: ChatFileKind = VIDEO_EXTENSIONS.has(extension) ? 'video' : 'image';
  const maxBytes = kind === 'video' ? CHAT_VIDEO_MAX_BYTES : CHAT_FILE_MAX_BYTES;
  if (file.size > maxBytes) return { isAccepted: false, reason: 'tooLarge', maxMegabytes: maxBytes / (1024 * 1024) };
  return { isAccepted: true, kind };
}

/** The picker's `accept`: the endings and their types, so phones offer the gallery. */
export const CHAT_FILE_ACCEPT = [
  ...CHAT_FILE_EXTENSIONS.map((extension) => `.${extension}`),
  ...CHAT_IMAGE_MIME_TYPES,
  ...CHAT_VIDEO_MIME_TYPES,
].join(',');
