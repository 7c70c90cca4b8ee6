import { useTranslation } from 'react-i18next';

const MINUTE_MS = 60_000;
/** Past this an item has waited too long, and its time is shown in red. */
const LONG_WAIT_MINUTES = 60;

/** How long ago `since` was, in the largest whole unit that fits (minutes under two hours, hours under two days). */
export function waitingOf(
  since: string,
  now: number,
): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / MINUTE_MS));
  if (minutes < 120) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}

/** "waiting 12 min": how long an open queue item has waited since it came in (docs/back-office/triage.md). */
export function WaitingTime({ since }: { since: string }) {
  const { t } = useTranslation();
  const now = Date.now();
  const { unit, count } = waitingOf(since, now);
  const isLong = now - new Date(since).getTime() > LONG_WAIT_MINUTES * MINUTE_MS;
  return (
    <span className={isLong ? 'waiting waiting--long' : 'waiting'} data-testid="waiting-time">
      {t(`waiting.${unit}`, { count })}
    </span>
  );
}
