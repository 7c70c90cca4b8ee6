import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codeForIssues } from '@/lib/zod-errors.ts';

describe('codeForIssues', () => {
  const schema = z.strictObject({ name: z.string({ error: 'NAME_REQUIRED' }), age: z.number() });
  const codeOf = (value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) throw new Error('expected a failure');
    return codeForIssues(result.error.issues);
  };

  it('answers the catalogue code a field schema carries', () => {
    expect(codeOf({ name: 1, age: 3 })).toBe('NAME_REQUIRED');
  });
  it('answers UNKNOWN_FIELD for an unrecognized key', () => {
    expect(codeOf({ name: 'a', age: 3, extra: true })).toBe('UNKNOWN_FIELD');
  });
  it('answers INVALID_REQUEST for messages outside the catalogue and for the wrong shape', () => {
    expect(codeOf({ name: 'a', age: 'x' })).toBe('INVALID_REQUEST');
    expect(codeOf([])).toBe('INVALID_REQUEST');
    expect(codeOf(undefined)).toBe('INVALID_REQUEST');
  });
  it('answers INVALID_REQUEST when there is no issue', () => {
    expect(codeForIssues([])).toBe('INVALID_REQUEST');
  });
});
