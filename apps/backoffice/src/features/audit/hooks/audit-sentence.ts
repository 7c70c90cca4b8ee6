import type { AuditRecord } from '@mekong/contracts/admin/audit';

/** One field an audited action changed: its value before and after (undefined: absent on that side). */
export type ChangedField = { field: string; before: unknown; after: unknown };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields the action changed (docs/back-office/triage.md): each key of the after whose value differs from the
 * before (an after records the new state, so a key only before was left as it was); with no before, every key of the
 * after is new, with no after every key of the before is gone; a side that is not an object is one field, "value".
 */
export function changedFields(record: Pick<AuditRecord, 'before' | 'after'>): ChangedField[] {
  const { before, after } = record;
  if (before == null && after == null) return [];
  if (!isPlainObject(before) || !isPlainObject(after)) {
    if (isPlainObject(after) && before == null)
      return Object.entries(after).map(([field, value]) => ({
        field,
        before: undefined,
        after: value,
      }));
    if (isPlainObject(before) && after == null)
      return Object.entries(before).map(([field, value]) => ({
        field,
        before: value,
        after: undefined,
      }));
    return same(before, after) ? [] : [{ field: 'value', before, after }];
  }
  return Object.keys(after)
    .filter((field) => !same(before[field], after[field]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

/** The text of a changed value: strings as they are, anything else as JSON; absent is a dash. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Where the back office shows the record's target (a member, a withdrawal, a queue item, a setting); null: nowhere. */
export function targetPath(record: Pick<AuditRecord, 'targetType' | 'targetId'>): string | null {
  const id = record.targetId;
  const moneyIn: Record<string, string> = {
    slip: 'slips',
    bank_line: 'bank-lines',
    qr_payment: 'qr',
    voucher: 'vouchers',
    deposit_notice: 'notices',
  };
  if (record.targetType === 'setting') return '/settings';
  if (!id) return null;
  if (record.targetType === 'member') return `/members/${id}`;
  if (record.targetType === 'withdrawal') return `/withdrawals?open=${id}`;
  const tab = moneyIn[record.targetType];
  if (tab) return `/deposits?tab=${tab}&open=${id}`;
  if (record.targetType === 'operator') return '/operators';
  return null;
}

/** The keys of the sentence of an action, most specific first: its own template, else the generic one. */
export function sentenceKeys(action: string): string[] {
  return [`sentences.${action}`, 'sentences.generic'];
}
