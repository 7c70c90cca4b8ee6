type SchedulerWithYield = { yield?: () => Promise<void> };

/**
 * Ends the current task and resolves in a new one, so the browser can draw and answer a tap in between: a slow phone
 * runs the start-up as several short tasks instead of one long one (docs/decisions/0017-first-load.md). Chromium's
 * `scheduler.yield()` resumes ahead of other queued work; elsewhere a zero timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
