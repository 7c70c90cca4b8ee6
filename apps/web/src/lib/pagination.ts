import { STATEMENT_PAGES_AFTER, STATEMENT_PAGES_BEFORE } from '@mekong/contracts/constants';

/** Paged tables (statement, slips, invitees, refunds, coupons) share these, so they live here (docs/decisions/0008-web-boundaries.md). */

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** The page numbers shown: up to 3 before the current one and 1 after (docs/spec.md §9). */
export function paginationWindow(current: number, totalPages: number): number[] {
  const first = Math.max(1, current - STATEMENT_PAGES_BEFORE);
  const last = Math.min(totalPages, current + STATEMENT_PAGES_AFTER);
  const pages: number[] = [];
  for (let page = first; page <= last; page += 1) pages.push(page);
  return pages;
}
