/** A unique-constraint violation (SQLSTATE 23505), optionally of one named constraint. Both drivers expose code and constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown };
  return e.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

export function violatedConstraint(error: unknown): string | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const c = (error as { constraint?: unknown }).constraint;
  return typeof c === 'string' ? c : undefined;
}

/**
 * A data exception (SQLSTATE class 22: invalid byte sequence 22021, untranslatable character 22P05, out of range…):
 * the database refused a value, so the request carried bad input. Both drivers expose the code.
 */
export function isDataException(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}
