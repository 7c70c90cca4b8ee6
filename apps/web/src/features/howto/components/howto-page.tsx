import { useQuery } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOWTO_VIDEO_KEYS, isHowtoMediaUrl, type HowtoVideoKey } from '@mekong/contracts/lookup';
import { PageHeader } from '@/components/page-header';
import { currentLocale } from '@/lib/i18n';
import { howtoQuery } from '@/lib/lookup-queries';
import '@/features/howto/components/howto.css';

type HowtoVideo = { url: string; posterUrl: string };

/**
 * The operator's videos in the page's language (docs/decisions/0020-howto-videos.md): an uploaded one, or an embeddable
 * address. A video the operator has not set falls back to the build setting VITE_HOWTO_VIDEO_URLS, in the order of
 * HOWTO_VIDEO_KEYS.
 */
function videosOf(
  operator: Record<HowtoVideoKey, HowtoVideo> | undefined,
): Record<HowtoVideoKey, HowtoVideo> {
  const built = (import.meta.env.VITE_HOWTO_VIDEO_URLS ?? '').split(',').map((url) => url.trim());
  return Object.fromEntries(
    HOWTO_VIDEO_KEYS.map((key, index) => {
      const video = operator?.[key];
      return [key, video?.url ? video : { url: built[index] ?? '', posterUrl: '' }];
    }),
  ) as Record<HowtoVideoKey, HowtoVideo>;
}

/** Five help videos in the member's language; switching the language switches the videos. */
export function HowtoPage() {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(howtoQuery);
  const language = i18n.language ? currentLocale() : 'th';
  const videos = videosOf(data?.videos[language]);
  return (
    <section className="page">
      <PageHeader title={t('howto.title')} subtitle={t('howto.subtitle')} />
      <ol className="video-list">
        {HOWTO_VIDEO_KEYS.map((key, index) => (
          <li key={`${language}-${key}`} className="video-item">
            <VideoCard
              index={index + 1}
              topic={key}
              title={t(`howto.videos.${key}`)}
              video={videos[key]}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}

type CardProps = { index: number; topic: HowtoVideoKey; title: string; video: HowtoVideo };

function VideoCard({ index, topic, title, video }: CardProps) {
  return (
    <article className="video-card">
      <h2 className="video-card__title">{title}</h2>
      {isHowtoMediaUrl(video.url) ? (
        <UploadedVideo topic={topic} title={title} video={video} />
      ) : (
        <EmbeddedVideo index={index} title={title} url={video.url} />
      )}
    </article>
  );
}

/**
 * A recorded video: its poster and a play button until the member taps it, then the browser's own player. preload none:
 * nothing but the small poster is fetched until then.
 */
function UploadedVideo({ topic, title, video }: Omit<CardProps, 'index'>) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const [isStarted, setStarted] = useState(false);
  return (
    <div className="video-card__frame video-card__frame--file">
      <video
        ref={ref}
        src={video.url}
        poster={video.posterUrl || undefined}
        controls={isStarted}
        playsInline
        preload="none"
        aria-label={title}
        data-testid={`howto-video-${topic}`}
      />
      {!isStarted && (
        <button
          type="button"
          className="video-card__start"
          onClick={() => {
            setStarted(true);
            void ref.current?.play().catch(() => undefined);
          }}
          aria-label={t('howto.play', { title })}
          data-testid={`howto-play-${topic}`}
        >
          <span className="video-card__play" aria-hidden>
            <Play size={26} fill="currentColor" />
          </span>
        </button>
      )}
    </div>
  );
}

/** An operator's embeddable address (a video site's player): a light placeholder until tapped. */
function EmbeddedVideo({ index, title, url }: { index: number; title: string; url: string }) {
  const { t } = useTranslation();
  const [isPlaying, setPlaying] = useState(false);
  return (
    <div className="video-card__frame">
      {isPlaying && url ? (
        <iframe
          src={url}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          loading="lazy"
        />
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
  );
}

export default HowtoPage;
