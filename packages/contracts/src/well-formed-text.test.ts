import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isWellFormedText, textSchema, toWellFormedText } from './fields.ts';

/**
 * Issue 27 item 1: every text a member or an operator sends refuses a lone UTF-16 surrogate. Walks every contract's
 * body and path schema down to each field; for each field that accepts one of a few ordinary strings, the same string
 * with a lone surrogate in it must be refused.
 */

const ORDINARY = [
  'abcd',
  'Somchai Jaidee',
  'pentest reason',
  '0812345678',
  '1234567890',
  'KBANK',
  '100',
  'PG',
  'ABCD1234',
  '3f1e5b9c-8a2d-4c1e-9f3a-2b7c6d5e4f10',
  'https://example.com/a.png',
  '2026-11-02T03:00:00.000Z',
  '2026-11-02',
  'hello\nworld',
];

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Each field under a schema with its path: object properties, array elements, union members, record values. */
function* fields(schema: z.ZodType, path: string): Generator<[string, z.ZodType]> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape ?? {}))
        yield* fields(value, `${path}.${key}`);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch': {
      const inner = def.innerType!;
      const innerType = defOf(inner).type;
      if (['object', 'array', 'union', 'record'].includes(innerType)) yield* fields(inner, path);
      else yield [path, schema];
      return;
    }
    case 'array':
      yield* fields(def.element!, `${path}[]`);
      return;
    case 'union':
      for (const [index, option] of (def.options ?? []).entries())
        yield* fields(option, `${path}|${index}`);
      return;
    case 'record':
      yield [`${path}{key}`, def.keyType!];
      yield* fields(def.valueType!, `${path}{}`);
      return;
    default:
      yield [path, schema];
  }
}

async function contracts(): Promise<[string, { body?: z.ZodType; params?: z.ZodType }][]> {
  const found: [string, { body?: z.ZodType; params?: z.ZodType }][] = [];
  for (const dir of ['.', 'admin']) {
    const folder = join(import.meta.dirname, dir);
    for (const file of readdirSync(folder)) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const module = (await import(join(folder, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        const call = value as { method?: string; path?: string; response?: unknown };
        if (call && typeof call === 'object' && call.method && call.path && call.response)
          found.push([`${dir}/${file} ${name}`, value as { body?: z.ZodType; params?: z.ZodType }]);
      }
    }
  }
  return found;
}

describe('well-formed Unicode (issue 27 item 1)', () => {
  it('the shared rule refuses a lone surrogate with INVALID_CHARACTERS and keeps pairs', () => {
    const schema = textSchema('REASON_REQUIRED');
    for (const text of ['pentest \ud800 reason', 'x\udc00', '\ud83d', 'a\udfffb'])
      expect(schema.safeParse(text).error?.issues[0]?.message).toBe('INVALID_CHARACTERS');
    expect(schema.safeParse('called in 😀 twice').success).toBe(true);
    expect(isWellFormedText('😀')).toBe(true);
    expect(toWellFormedText('a\ud800b😀')).toBe('a\ufffdb😀');
  });

  it('every text field of every member and operator call refuses a lone surrogate', async () => {
    const all = await contracts();
    expect(all.length).toBeGreaterThan(150);
    const holes: string[] = [];
    let checked = 0;
    for (const [name, contract] of all) {
      for (const [part, schema] of [
        ['body', contract.body],
        ['params', contract.params],
      ] as const) {
        if (!schema) continue;
        for (const [path, field] of fields(schema, `${name} ${part}`)) {
          const accepted = ORDINARY.find((text) => field.safeParse(text).success);
          if (accepted === undefined) continue;
          checked += 1;
          const poisoned = `${accepted.slice(0, 2)}\ud800${accepted.slice(2)}`;
          if (field.safeParse(poisoned).success) holes.push(path);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(holes).toEqual([]);
  });
});
