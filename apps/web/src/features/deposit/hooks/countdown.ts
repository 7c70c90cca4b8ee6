/** When a QR stops being payable: the moment its state was read plus the seconds it had left then. */
export function expiresAtOf(readAtMs: number, expireInSeconds: number | null): number {
  return readAtMs + Math.max(0, expireInSeconds ?? 0) * 1000;
}

/** mm:ss (docs/spec.md §4); minutes keep counting past 59 rather than wrapping. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}
