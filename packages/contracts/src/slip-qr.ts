import { encodeTlvs, parseEmv, parseTemplate, withCrc } from './thai-qr.ts';

/**
 * The Bank of Thailand slip verification mini-QR printed on Thai bank transfer slips (docs/design.md#outside-parties):
 * `00` {`00` API id `000001`, `01` sending bank 3-digit code, `02` transaction reference}, `51` = `TH`,
 * `91` CRC-16/CCITT-FALSE over everything before its value. It holds only bank and reference; the
 * amount, time and accounts come from the slip verification service.
 */

export const SLIP_API_ID = '000001';
export const SLIP_CRC_TAG = '91';
/** Transaction references as banks print them: letters and digits, up to 50 characters (room for the template). */
export const SLIP_TRANS_REF = /^[0-9A-Za-z]{1,50}$/;

export type SlipQr = { sendingBank: string; transRef: string };

export function buildSlipQrPayload({ sendingBank, transRef }: SlipQr): string {
  if (!/^\d{3}$/.test(sendingBank)) throw new RangeError('sending bank must be a 3-digit code');
  if (!SLIP_TRANS_REF.test(transRef))
    throw new RangeError('transaction reference must be 1-50 letters or digits');
  const body = encodeTlvs([
    {
      tag: '00',
      value: encodeTlvs([
        { tag: '00', value: SLIP_API_ID },
        { tag: '01', value: sendingBank },
        { tag: '02', value: transRef },
      ]),
    },
    { tag: '51', value: 'TH' },
  ]);
  return withCrc(body, SLIP_CRC_TAG);
}

/** `CRC_MISMATCH`: shaped like a slip QR but damaged or altered; `NOT_SLIP_QR`: any other text. */
export type SlipQrError = 'CRC_MISMATCH' | 'NOT_SLIP_QR';
export type SlipQrResult = { ok: true; slip: SlipQr } | { ok: false; error: SlipQrError };

/**
 * Reads a slip mini-QR. `NOT_SLIP_QR` when the text is some other QR (a payment QR, a URL): the slip
 * verification services' "not a verification QR" answer.
 */
export function parseSlipQr(payload: string): SlipQrResult {
  const parsed = parseEmv(payload, SLIP_CRC_TAG);
  if (!parsed.ok)
    return { ok: false, error: parsed.error === 'CRC_MISMATCH' ? 'CRC_MISMATCH' : 'NOT_SLIP_QR' };
  const inner = parsed.tags['00'] === undefined ? null : parseTemplate(parsed.tags['00']);
  const sendingBank = inner?.['01'];
  const transRef = inner?.['02'];
  if (
    !inner ||
    inner['00'] !== SLIP_API_ID ||
    !sendingBank ||
    !/^\d{3}$/.test(sendingBank) ||
    !transRef ||
    parsed.tags['51'] !== 'TH'
  )
    return { ok: false, error: 'NOT_SLIP_QR' };
  return { ok: true, slip: { sendingBank, transRef } };
}
