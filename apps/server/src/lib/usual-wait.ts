/** How many of the latest decisions of a kind the usual wait is taken from (docs/decisions/0025-waiting-money.md). */
export const USUAL_WAIT_SAMPLE = 50;

/**
 * The usual time to an operator's decision, in whole seconds: the median of the latest USUAL_WAIT_SAMPLE decisions
 * (newest by decision time, whatever table each came from); null with none to take it from.
 */
export function usualWaitSeconds(
  decisions: readonly { decidedAt: Date; since: Date }[],
): number | null {
  const waits = [...decisions]
    .sort((a, b) => b.decidedAt.getTime() - a.decidedAt.getTime())
    .slice(0, USUAL_WAIT_SAMPLE)
    .map((d) => Math.max(0, d.decidedAt.getTime() - d.since.getTime()))
    .sort((a, b) => a - b);
  if (waits.length === 0) return null;
  const middle = Math.floor(waits.length / 2);
  const median =
    waits.length % 2 === 1 ? waits[middle]! : (waits[middle - 1]! + waits[middle]!) / 2;
  return Math.round(median / 1000);
}
