import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TRUELINK_CIPHERTEXT,
  decryptTrueLink,
  encryptTrueLink,
  parseTrueMoneyGiftLink,
  trueMoneyGiftLink,
} from './truelink-crypto.ts';

const SECRET = 'test-shared-secret-0123456789abcdef';
const LINK = 'https://gift.truemoney.com/campaign/?v=0193a5b7c9d1e2f3a4b5c6d7e8f9a0b1c2d';

/** Flips one bit of the base64url text at `index` (keeps it valid base64url). */
function flip(text: string, index: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const at = alphabet.indexOf(text[index]!);
  return text.slice(0, index) + alphabet[at ^ 1] + text.slice(index + 1);
}

describe('truelink encryption', () => {
  it('round-trips a link and gives the documented form with a fresh IV each time', async () => {
    const first = await encryptTrueLink(LINK, SECRET);
    const second = await encryptTrueLink(LINK, SECRET);
    expect(first).toMatch(TRUELINK_CIPHERTEXT);
    expect(first.split('.')[1]).not.toBe(second.split('.')[1]);
    expect(await decryptTrueLink(first, SECRET)).toBe(LINK);
    expect(await decryptTrueLink(second, SECRET)).toBe(LINK);
  });

  it('refuses another secret', async () => {
    const sealed = await encryptTrueLink(LINK, SECRET);
    expect(await decryptTrueLink(sealed, `${SECRET}x`)).toBeNull();
  });

  it('refuses any altered character of the IV or the ciphertext', async () => {
    const sealed = await encryptTrueLink(LINK, SECRET);
    const [version, iv = '', body = ''] = sealed.split('.');
    // The last character of each part may carry unused padding bits, so flip the ones before it.
    for (let i = 0; i < iv.length - 1; i++)
      expect(await decryptTrueLink(`${version}.${flip(iv, i)}.${body}`, SECRET)).toBeNull();
    for (let i = 0; i < body.length - 1; i++)
      expect(await decryptTrueLink(`${version}.${iv}.${flip(body, i)}`, SECRET)).toBeNull();
  });

  it('refuses malformed input', async () => {
    const sealed = await encryptTrueLink(LINK, SECRET);
    for (const bad of [
      '',
      LINK,
      sealed.replace(/^v1/, 'v2'),
      sealed.slice(0, -10),
      `${sealed}.extra`,
      sealed.replace(/\./g, ':'),
      'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA',
    ])
      expect(await decryptTrueLink(bad, SECRET)).toBeNull();
  });

  it('round-trips any text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (text) => {
        expect(await decryptTrueLink(await encryptTrueLink(text, SECRET), SECRET)).toBe(text);
      }),
      { numRuns: 50 },
    );
  });

  it('needs a secret', async () => {
    await expect(encryptTrueLink(LINK, '')).rejects.toThrow(RangeError);
  });
});

describe('parseTrueMoneyGiftLink', () => {
  it('gives the voucher hash of a gift link', () => {
    expect(parseTrueMoneyGiftLink(LINK)).toBe('0193a5b7c9d1e2f3a4b5c6d7e8f9a0b1c2d');
    expect(parseTrueMoneyGiftLink(`  ${LINK}\n`)).toBe('0193a5b7c9d1e2f3a4b5c6d7e8f9a0b1c2d');
    expect(parseTrueMoneyGiftLink('https://gift.truemoney.com/campaign?v=ABCDEFGHIJKLMNOPQR')).toBe(
      'ABCDEFGHIJKLMNOPQR',
    );
    expect(parseTrueMoneyGiftLink(trueMoneyGiftLink('abc123def456ghi789'))).toBe(
      'abc123def456ghi789',
    );
  });

  it.each([
    '',
    'not a link',
    'http://gift.truemoney.com/campaign/?v=0193a5b7c9d1e2f3a4b5',
    'https://gift.truemoney.com.evil.example/campaign/?v=0193a5b7c9d1e2f3a4b5',
    'https://evil.example/campaign/?v=0193a5b7c9d1e2f3a4b5',
    'https://gift.truemoney.com/other/?v=0193a5b7c9d1e2f3a4b5',
    'https://gift.truemoney.com/campaign/?v=short123',
    'https://gift.truemoney.com/campaign/?v=0193a5b7c9d1e2f3a4b5-',
    'https://gift.truemoney.com/campaign/?v=0193a5b7c9d1e2f3a4b5&v=0193a5b7c9d1e2f3a4b6',
    'https://gift.truemoney.com/campaign/',
    'https://user@gift.truemoney.com/campaign/?v=0193a5b7c9d1e2f3a4b5',
  ])('refuses %j', (link) => {
    expect(parseTrueMoneyGiftLink(link)).toBeNull();
  });
});
