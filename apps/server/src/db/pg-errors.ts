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

/** Network codes of a connection to PostgreSQL that could not be made or was cut. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/**
 * The database cannot be reached right now (docs/decisions/0019-cluster-and-faults.md): refused or cut connections,
 * SQLSTATE class 08 (connection exception), 57P01-57P03 (shutting down, starting up), or node-postgres's own message
 * for a connection ended under a query. A passing outage: the request is answered SERVICE_UNAVAILABLE, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || /^(08...|57P0[123])$/.test(code)))
    return true;
  return (
    typeof message === 'string' &&
    /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error/.test(
      message,
    )
  );
}
