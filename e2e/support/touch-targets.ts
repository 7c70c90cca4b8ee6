/// <reference lib="dom" />
import type { Page } from '@playwright/test';

/** An interactive element smaller than the 44×44 px touch target (docs/design.md#member-app). */
export type SmallTarget = { label: string; width: number; height: number };

/**
 * Measures every visible interactive element of the page as the player can touch it: a checkbox or radio by its
 * label, a visually hidden control (skip link) not at all until shown.
 */
export function smallTargets(page: Page, minimum = 44): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const selector =
      'a[href], button, input, select, textarea, [role="button"], [role="tab"], [role="link"], [tabindex]:not([tabindex="-1"])';
    const small: { label: string; width: number; height: number }[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if (element.closest('[aria-hidden="true"], [inert]')) continue;
      let target: HTMLElement = element;
      if (element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type)) {
        target =
          element.closest('label') ??
          (element.id ? document.querySelector<HTMLElement>(`label[for="${element.id}"]`) : null) ??
          element;
      }
      if (element instanceof HTMLInputElement && element.type === 'hidden') continue;
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      // Off-screen until focused (skip link) or clipped to nothing: not a target yet.
      if (
        box.right <= 0 ||
        box.bottom <= 0 ||
        box.left >= innerWidth + 1 ||
        style.clipPath === 'inset(50%)' ||
        (box.width <= 1 && box.height <= 1)
      )
        continue;
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const label = (
          element.getAttribute('data-testid') ??
          element.getAttribute('aria-label') ??
          element.textContent ??
          element.tagName
        )
          .trim()
          .slice(0, 40);
        small.push({
          label: `${element.tagName.toLowerCase()} ${label}`,
          width: Math.round(box.width),
          height: Math.round(box.height),
        });
      }
    }
    return small;
  }, minimum);
}

/** Visible text set below `minSize` px, or running over several lines closer than `minLineHeight` times its size. */
export type SmallText = { text: string; fontSize: number; lineHeight: number | null };

export function smallText(page: Page, minSize = 13, minLineHeight = 1.4): Promise<SmallText[]> {
  return page.evaluate(
    ({ minSize, minLineHeight }) => {
      const found: { text: string; fontSize: number; lineHeight: number | null }[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const seen = new Set<Element>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        if (!element || seen.has(element) || !node.textContent?.trim()) continue;
        seen.add(element);
        if (element.closest('[aria-hidden="true"], script, style, noscript')) continue;
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden') continue;
        const fontSize = parseFloat(style.fontSize);
        const lineHeight = style.lineHeight === 'normal' ? null : parseFloat(style.lineHeight);
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)))
          .size;
        const isTooSmall = fontSize + 0.01 < minSize;
        const isTooTight =
          lines > 1 && lineHeight !== null && lineHeight + 0.01 < minLineHeight * fontSize;
        if (isTooSmall || isTooTight)
          found.push({ text: node.textContent.trim().slice(0, 30), fontSize, lineHeight });
      }
      return found;
    },
    { minSize, minLineHeight },
  );
}
