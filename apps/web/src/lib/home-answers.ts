import { HOME_ANSWERS_ID, type HomeAnswers } from '@mekong/contracts/constants';

/** The answers written into the page by the server, read once and removed; undefined when there are none. */
export function readHomeAnswers(): HomeAnswers | undefined {
  const element = document.getElementById(HOME_ANSWERS_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const value: unknown = JSON.parse(element.textContent ?? '');
    if (!value || typeof value !== 'object') return undefined;
    const { profile, wallet, notice, brand, chatWidget } = value as Record<string, unknown>;
    return { profile, wallet, notice, brand, chatWidget };
  } catch {
    return undefined;
  }
}
