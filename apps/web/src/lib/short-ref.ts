/**
 * The short reference a member reads and quotes to support instead of a UUID: its first 8 hex digits, upper case
 * (the server gives waiting money the same form, docs/decisions/0025-waiting-money.md).
 */
export function shortReference(id: string): string {
  const hex = id.replace(/-/g, '');
  return /^[0-9a-f]{32}$/i.test(hex) ? hex.slice(0, 8).toUpperCase() : id;
}
