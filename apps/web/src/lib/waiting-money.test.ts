import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { usualWaitText } from '@/lib/waiting-money';

const t = i18n.getFixedT('en');

describe('the usual wait, in words (docs/decisions/0022-waiting-money.md)', () => {
  it.each([
    [null, 'Our staff will check it as soon as possible'],
    [0, 'Usually checked within about 1 min'],
    [25 * 60 + 1, 'Usually checked within about 26 min'],
    [90 * 60, 'Usually checked within about 90 min'],
    [3 * 3600 + 60, 'Usually checked within about 4 h'],
  ])('%s s → %s', (seconds, text) => {
    expect(usualWaitText(t, seconds)).toBe(text);
  });
});
