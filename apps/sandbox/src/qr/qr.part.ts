import { definePart } from '../lib/parts.ts';
import { decodeForm, paymentsTable } from './qr.controls.ts';
import type { QrStore } from './qr.store.ts';

export function qrPart(store: QrStore) {
  return definePart(
    'qr',
    () => `${paymentsTable(store.list().slice(0, 10))}
<h3>Decode a QR payload</h3>${decodeForm}`,
  );
}
