import { useQuery } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { howtoQuery } from '@/lib/lookup-queries';
import '@/features/howto/components/howto.css';

const VIDEO_KEYS = ['wallet', 'play', 'balance', 'bonus', 'bonusCancel'] as const;
type VideoKey = (typeof VIDEO_KEYS)[number];

/**
 * Embeddable URLs are an operator setting (the how-to lookup, docs/back-office/settings.md#how-to-videos); a video the
 * operator has not set falls back to the build setting VITE_HOWTO_VIDEO_URLS, in the order of VIDEO_KEYS.
 */
function videoUrls(operator: Partial<Record<VideoKey, string>> | undefined): Record<VideoKey, string> {
  const built = (import.meta.env.VITE_HOWTO_VIDEO_URLS ?? '').split(',').map((url) => url.trim());
  return Object.fromEntries(
    VIDEO_KEYS.map((key, index) => [key, operator?.[key] || built[index] || '']),
  ) as Record<VideoKey, string>;
}

/**
 * Five help videos. Each shows a light placeholder until tapped, so the page costs no video player
 * downloads on a slow phone until the member asks for one.
 */
export function HowtoPage() {
  const { t } = useTranslation();
  const { data } = useQuery(howtoQuery);
  const urls = videoUrls(data?.videos);
  return (
    <section className="page">
      <PageHeader title={t('howto.title')} subtitle={t('howto.subtitle')} />
      <ol className="video-list">
        {VIDEO_KEYS.map((key, index) => (
          <li key={key} className="video-item">
            <VideoCard index={index + 1} title={t(`howto.videos.${key}`)} url={urls[key]} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function VideoCard({ index, title, url }: { index: number; title: string; url: string }) {
  const { t } = useTranslation();
  const [isPlaying, setPlaying] = useState(false);
  return (
    <article className="video-card">
      <div className="video-card__frame">
        {isPlaying && url ? (
          <iframe src={url} title={title} allow="autoplay; encrypted-media; picture-in-picture" allowFullScreen loading="lazy" />
        ) : (
          <button
            type="button"
            className="video-card__poster"
            onClick={() => setPlaying(true)}
            disabled={!url}
            aria-label={t('howto.play', { title })}
          >
            <span className="video-card__number" aria-hidden>
              {index}
            </span>
            <span className="video-card__play" aria-hidden>
              <Play size={26} fill="currentColor" />
            </span>
            {!url && <span className="video-card__unavailable">{t('howto.unavailable')}</span>}
          </button>
        )}
      </div>
      <h2 className="video-card__title">{title}</h2>
    </article>
  );
}

export default HowtoPage;
