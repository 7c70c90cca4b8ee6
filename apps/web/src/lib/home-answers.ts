import { HOME_ANSWERS_ID } from '@mekong/contracts/constants';
import type { HomeData } from '@/lib/member-queries';

/**
 * The answers written into the page by the server, read once and removed; undefined when there are none. The server
 * writes them only into a page it drew from them, after reading each with its call's schema (src/prerender.tsx), and
 * the page names the scripts of the same build: they are taken as they are, so the validation library is not needed
 * before the page is live (docs/decisions/0017-first-load.md).
 */
export function readHomeAnswers(): HomeData | undefined {
  const element = document.getElementById(HOME_ANSWERS_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const value: unknown = JSON.parse(element.textContent ?? '');
    if (!value || typeof value !== 'object') return undefined;
    const { profile, wallet, notice, brand, chatWidget } = value as Record<string, unknown>;
    if ([profile, wallet, notice, brand, chatWidget].some((answer) => !answer || typeof answer !== 'object'))
      return undefined;
    return { profile, wallet, notice, brand, chatWidget } as HomeData;
  } catch {
    return undefined;
  }
}
