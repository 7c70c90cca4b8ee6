import { LOCALES } from '@mekong/contracts/constants';
import { SLIP_REASONS } from '@mekong/contracts/deposit';
import { describe, expect, it } from 'vitest';
import { SLIP_REASON_KEYS, slipAmountText, slipReasonKey } from '@/lib/slip-format';
import en from '@/locales/en.json';
import la from '@/locales/la.json';
import th from '@/locales/th.json';

type Tree = { [key: string]: string | Tree };
const files: Record<(typeof LOCALES)[number], Tree> = { th, la, en };

function textAt(tree: Tree, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Tree)[key] : undefined),
      tree,
    );
}

describe('slip amount', () => {
  it('shows "-" when the amount is not over 0', () => {
    expect(slipAmountText(0)).toBe('-');
    expect(slipAmountText(-10)).toBe('-');
    expect(slipAmountText(null)).toBe('-');
  });

  it('shows 2 decimals otherwise', () => {
    expect(slipAmountText(0.5)).toBe('0.50');
    expect(slipAmountText(1500)).toBe('1,500.00');
  });
});

describe('slip reasons (docs/spec.md §4)', () => {
  it.each(LOCALES)('every reason code has %s text', (locale) => {
    const missing = SLIP_REASONS.filter((code) => {
      const text = textAt(files[locale], SLIP_REASON_KEYS[code]);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it('reads "incorrect slip" for the three unreadable-image codes, and something else for every other code', () => {
    const incorrect = [
      'FILE_MISSING',
      'IMAGE_SIZE_UNPROCESSABLE',
      'CROPPED_IMAGE_UNREADABLE',
    ] as const;
    for (const code of incorrect) expect(slipReasonKey(code)).toBe('slip.reasons.incorrectSlip');
    const others = SLIP_REASONS.filter(
      (code) => !(incorrect as readonly string[]).includes(code),
    ).map((code) => slipReasonKey(code));
    expect(new Set(others).size).toBe(others.length);
    expect(others).not.toContain('slip.reasons.incorrectSlip');
  });

  it('reads "unknown" for a code the app does not know, and nothing without a code', () => {
    expect(slipReasonKey('SOMETHING_NEW')).toBe('slip.reasons.unknown');
    expect(slipReasonKey(null)).toBeNull();
  });
});
