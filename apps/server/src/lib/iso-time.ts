/** An instant as the answers spell it (ISO 8601, UTC), or null when there is none. */
export const isoOrNull = (at: Date | null): string | null => (at ? at.toISOString() : null);
