import { describe, expect, it } from 'vitest';
import { hashToken, newPublicId, newSecretToken, PUBLIC_ID_PATTERN } from '@/lib/secure-random.ts';

describe('secure random values', () => {
  it('makes 32-byte base64url tokens that differ every time', () => {
    const tokens = new Set(Array.from({ length: 200 }, newSecretToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('hashes a token with SHA-256 (hex)', () => {
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('makes 8-character public ids without confusable letters and without repeats', () => {
    const ids = Array.from({ length: 2000 }, newPublicId);
    for (const id of ids) expect(id).toMatch(PUBLIC_ID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.join('')).not.toMatch(/[ILOU]/);
  });
});
