import type { Locale } from '@mekong/contracts/constants';
import { HOWTO_VIDEO_KEYS, type HowtoVideoKey } from '@mekong/contracts/lookup';

type Video = { url: string; posterUrl: string };
type Topics = Record<HowtoVideoKey, Video>;

/** A how-to setting: every language's five videos unset, then the given addresses (the same in each language). */
export function howtoVideos(urls: Partial<Record<HowtoVideoKey, string>> = {}): {
  videos: Record<Locale, Topics>;
} {
  const topics = () =>
    Object.fromEntries(
      HOWTO_VIDEO_KEYS.map((key) => [key, { url: urls[key] ?? '', posterUrl: '' }]),
    ) as Topics;
  return { videos: { th: topics(), la: topics(), en: topics() } };
}
