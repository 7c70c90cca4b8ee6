import type { Timestamp } from '@/db/schema/column-types.ts';

/** How-to videos and posters uploaded as operator content (docs/decisions/0020-howto-videos.md); the howto module owns it. */
export type HowtoMediaTable = {
  token: string;
  language: 'th' | 'la' | 'en';
  topic: string;
  kind: 'video' | 'poster';
  mime_type: string;
  size_bytes: number;
  bytes: Buffer;
  uploaded_by: string | null;
  created_at: Timestamp;
};
