import { describe, expect, it } from 'vitest';
import { pageCount, paginationWindow } from '@/lib/pagination';

describe('pagination window (3 pages before, 1 after)', () => {
  it('shows up to 3 before and 1 after the current page', () => {
    expect(paginationWindow(5, 10)).toEqual([2, 3, 4, 5, 6]);
    expect(paginationWindow(4, 10)).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops at the first and the last page', () => {
    expect(paginationWindow(1, 10)).toEqual([1, 2]);
    expect(paginationWindow(2, 10)).toEqual([1, 2, 3]);
    expect(paginationWindow(10, 10)).toEqual([7, 8, 9, 10]);
    expect(paginationWindow(1, 1)).toEqual([1]);
  });

  it('counts pages of 10, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(95, 10)).toBe(10);
  });
});
