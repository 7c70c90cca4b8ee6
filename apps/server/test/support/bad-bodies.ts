import { z } from 'zod';

/**
 * Bodies a call must refuse, made from its contract's schema (issue 13, the generated bad-input suite): wrong types,
 * missing and extra fields, huge and control-character strings, boundary numbers, each at the top and one level down.
 * Every candidate is checked against the schema itself, so only bodies the contract refuses are returned.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  format?: string;
};

const WRONG_TYPES: unknown[] = [null, 0, -1, 1.5, 'x', '', true, false, [], {}, [1, 2], { a: 1 }];
const CONTROL_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u001b[31mred',
  'line\rbreak',
  '\u0007bell',
  '\u009b',
];
const HUGE = 'x'.repeat(70_000);
const NUMBERS = [-1, -0.5, 0, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 53) - 1, 1e308, -1e308, 1e-9];

function isEmptyObject(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 0
  );
}

function firstOf(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema;
}

/** A plausible value of the schema's shape (often valid, sometimes not: only the mutations matter). */
export function plausible(schema: JsonSchema, depth = 0): unknown {
  const s = firstOf(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      if (depth > 4) return {};
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(s.properties ?? {}))
        out[key] = plausible(value, depth + 1);
      return out;
    }
    case 'array':
      return s.items ? [plausible(s.items, depth + 1)] : [];
    case 'string':
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'a'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return 'a';
  }
}

function mutationsOfValue(schema: JsonSchema): unknown[] {
  const s = firstOf(schema);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  const out: unknown[] = [...WRONG_TYPES];
  if (type === 'string' || s.enum) {
    out.push(...CONTROL_STRINGS, HUGE, 'NOT_ONE_OF_THEM', ' ', '\u202eevil');
    if (s.maxLength !== undefined) out.push('a'.repeat(s.maxLength + 1));
    if (s.minLength !== undefined && s.minLength > 0) out.push('a'.repeat(s.minLength - 1));
  }
  if (type === 'integer' || type === 'number') {
    out.push(...NUMBERS, '1', '1e3');
    if (s.maximum !== undefined) out.push(s.maximum + 1, s.maximum + 0.5);
    if (s.minimum !== undefined) out.push(s.minimum - 1, s.minimum - 0.5);
  }
  if (type === 'array') out.push(new Array(10_000).fill(1), [null], ['\u0000']);
  return out;
}

/** Candidate bodies, deduplicated, that `body` refuses (a call without a body takes `null` or `{}` as none). */
export function badBodies(body: z.ZodType | undefined, limit: number): unknown[] {
  if (!body)
    return [
      { unexpected: true },
      [1],
      'text',
      42,
      { a: { b: '\u0000' } },
      { page: -1 },
      JSON.parse('{"__proto__": {"isAdmin": true}}') as unknown,
      { constructor: { prototype: { polluted: true } } },
      { huge: HUGE },
      ...CONTROL_STRINGS.map((text) => ({ text })),
      ...WRONG_TYPES.filter((value) => value !== null && !isEmptyObject(value)).map((value) => ({
        value,
      })),
      ...NUMBERS.map((page) => ({ page, limit: page })),
    ].slice(0, limit);
  const json = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const root = firstOf(json);
  const base = plausible(root);
  const candidates: unknown[] = [
    null,
    [],
    'text',
    0,
    true,
    [base],
    { ...(base as object), __unknown__: 1 },
  ];
  candidates.push({ ...(base as object), constructor: { prototype: { polluted: true } } });
  const properties = Object.entries(root.properties ?? {});
  if (properties.length > 0) candidates.push({});
  for (const [key, schema] of properties) {
    const without = { ...(base as Record<string, unknown>) };
    delete without[key];
    candidates.push(without);
    for (const value of mutationsOfValue(schema))
      candidates.push({ ...(base as object), [key]: value });
    // One level down: each field of a nested object mutated in place.
    const inner = firstOf(schema);
    for (const [innerKey, innerSchema] of Object.entries(inner.properties ?? {})) {
      const nested = plausible(inner) as Record<string, unknown>;
      for (const value of mutationsOfValue(innerSchema))
        candidates.push({ ...(base as object), [key]: { ...nested, [innerKey]: value } });
    }
  }
  const seen = new Set<string>();
  const refused: unknown[] = [];
  for (const candidate of candidates) {
    const text = JSON.stringify(candidate);
    if (seen.has(text)) continue;
    seen.add(text);
    if (!body.safeParse(candidate).success) refused.push(candidate);
    if (refused.length >= limit) break;
  }
  return refused;
}

/** Path parameter values a route must refuse or not find (never a 500). */
export const BAD_PARAMS = [
  '%00',
  'a%00b',
  '%1b%5b31m',
  'x'.repeat(3000),
  '..%2f..%2fetc%2fpasswd',
  '-1',
  '1e308',
  '%ff%fe',
  'null',
  "'%20or%201=1--",
  '00000000-0000-0000-0000-000000000000',
  '%E0%B8%81%E0%B8%82',
];
