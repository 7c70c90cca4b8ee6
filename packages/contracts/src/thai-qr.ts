/**
 * EMVCo merchant-presented QR payloads: Thai QR Payment (PromptPay and bill payment) and Lao QR (LAPNet),
 * per docs/design.md#outside-parties. Pure functions, no dependencies: the server builds and checks payloads with them, the
 * sandbox gateways build them, and both decode payloads read back from an image.
 *
 * A payload is a run of fields `tag(2 digits) length(2 digits) value`; a template field's value is itself
 * such a run. Lengths count characters; every value here is ASCII, so characters and bytes agree.
 */

export type EmvField = { tag: string; value: string };

export const EMV_TAG = {
  payloadFormat: '00',
  initiationMethod: '01',
  promptPay: '29',
  billPayment: '30',
  lapnet: '38',
  currency: '53',
  amount: '54',
  country: '58',
  crc: '63',
} as const;

export const PROMPTPAY_AID = 'A000000677010111';
export const BILL_PAYMENT_AID = 'A000000677010112';
export const LAPNET_AID = 'A005266284662577';
/** `01` value: static (reusable, payer types the amount) or dynamic (one payment, amount in tag 54). */
export const INITIATION_STATIC = '11';
export const INITIATION_DYNAMIC = '12';

export const EMV_COUNTRIES = {
  TH: { currency: '764', country: 'TH' },
  LA: { currency: '418', country: 'LA' },
} as const;

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) as 4 upper-case hex digits. */
export function crc16(input: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(input)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One field as `tag length value`; throws on a tag that isn't 2 digits or a value over 99 characters. */
export function encodeTlv(tag: string, value: string): string {
  if (!/^\d{2}$/.test(tag)) throw new RangeError(`EMV tag must be 2 digits: ${tag}`);
  if (value.length === 0 || value.length > 99)
    throw new RangeError(`EMV field ${tag} must be 1-99 characters, got ${value.length}`);
  if (!/^[\x20-\x7e]*$/.test(value))
    throw new RangeError(`EMV field ${tag} must be printable ASCII`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

export function encodeTlvs(fields: readonly EmvField[]): string {
  return fields.map((f) => encodeTlv(f.tag, f.value)).join('');
}

/** Splits a run of fields; null when it doesn't split exactly (bad tag, bad length, truncated). */
export function parseTlvs(input: string): EmvField[] | null {
  const fields: EmvField[] = [];
  let at = 0;
  while (at < input.length) {
    const tag = input.slice(at, at + 2);
    const length = input.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(tag) || !/^\d{2}$/.test(length)) return null;
    const end = at + 4 + Number(length);
    if (end > input.length) return null;
    fields.push({ tag, value: input.slice(at + 4, end) });
    at = end;
  }
  return fields;
}

/** Appends the CRC field (`6304` + CRC over everything before it, `6304` included). */
export function withCrc(body: string, crcTag: string = EMV_TAG.crc): string {
  const head = `${body}${crcTag}04`;
  return `${head}${crc16(head)}`;
}

export type EmvParseError = 'MALFORMED' | 'NO_CRC' | 'CRC_MISMATCH';
export type EmvParseResult =
  | {
      ok: true;
      /** Every top-level field in order, the CRC field last. */
      fields: EmvField[];
      /** Top-level values by tag (the first one when a tag repeats). */
      tags: Record<string, string>;
    }
  | { ok: false; error: EmvParseError };

/**
 * Splits a payload whose last field is the CRC (tag 63 for payment QRs, 91 for the slip mini-QR) and checks it.
 * Upper- or lower-case hex in the CRC is accepted.
 */
export function parseEmv(payload: string, crcTag: string = EMV_TAG.crc): EmvParseResult {
  const text = payload.trim();
  const fields = parseTlvs(text);
  if (!fields || fields.length === 0) return { ok: false, error: 'MALFORMED' };
  const last = fields[fields.length - 1]!;
  if (last.tag !== crcTag || !/^[0-9A-Fa-f]{4}$/.test(last.value))
    return { ok: false, error: 'NO_CRC' };
  if (fields.slice(0, -1).some((f) => f.tag === crcTag)) return { ok: false, error: 'MALFORMED' };
  if (crc16(text.slice(0, -4)) !== last.value.toUpperCase())
    return { ok: false, error: 'CRC_MISMATCH' };
  const tags: Record<string, string> = {};
  for (const f of fields) if (!(f.tag in tags)) tags[f.tag] = f.value;
  return { ok: true, fields, tags };
}

/** The sub-fields of a template field's value, by tag; null when the value doesn't split. */
export function parseTemplate(value: string): Record<string, string> | null {
  const fields = parseTlvs(value);
  if (!fields) return null;
  const tags: Record<string, string> = {};
  for (const f of fields) if (!(f.tag in tags)) tags[f.tag] = f.value;
  return tags;
}

/** Minor units (satang / att) as the EMV amount: 2 decimals, at most 13 characters. */
export function formatEmvAmount(amountMinor: bigint): string {
  if (amountMinor <= 0n) throw new RangeError('EMV amount must be over 0');
  const text = `${amountMinor / 100n}.${(amountMinor % 100n).toString().padStart(2, '0')}`;
  if (text.length > 13) throw new RangeError('EMV amount too large');
  return text;
}

/** An EMV amount (`30`, `30.5`, `30.00`) as minor units; null when it isn't one. */
export function parseEmvAmount(text: string): bigint | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** A Thai mobile number in the PromptPay form `0066` + 9 digits (13 characters). */
export function promptPayPhone(phone: string): string {
  const digits = phone.replace(/[\s+-]/g, '');
  const local = /^0\d{9}$/.test(digits)
    ? digits.slice(1)
    : /^66\d{9}$/.test(digits)
      ? digits.slice(2)
      : null;
  if (!local) throw new RangeError(`not a Thai mobile number: ${phone}`);
  return `0066${local}`;
}

export type PromptPayTarget = { phone: string } | { nationalId: string } | { eWallet: string };
export type BillPaymentTarget = { billerId: string; ref1: string; ref2?: string };

export type ThaiQrInput = (
  | { promptPay: PromptPayTarget; billPayment?: never }
  | { billPayment: BillPaymentTarget; promptPay?: never }
) & {
  /** Minor units (satang). With it the QR is dynamic (`01`=`12`), without it static (`11`). */
  amount?: bigint;
};

/** Bill payment references: Thai banks take 1-20 upper-case letters and digits. */
export const BILL_REFERENCE = /^[A-Z0-9]{1,20}$/;

function merchantAccount(input: ThaiQrInput): EmvField {
  if (input.promptPay) {
    const target = input.promptPay;
    let id: EmvField;
    if ('phone' in target) id = { tag: '01', value: promptPayPhone(target.phone) };
    else if ('nationalId' in target) {
      if (!/^\d{13}$/.test(target.nationalId))
        throw new RangeError('national id must be 13 digits');
      id = { tag: '02', value: target.nationalId };
    } else {
      if (!/^\d{15}$/.test(target.eWallet)) throw new RangeError('e-wallet id must be 15 digits');
      id = { tag: '03', value: target.eWallet };
    }
    return {
      tag: EMV_TAG.promptPay,
      value: encodeTlvs([{ tag: '00', value: PROMPTPAY_AID }, id]),
    };
  }
  const { billerId, ref1, ref2 } = input.billPayment;
  if (!/^\d{15}$/.test(billerId)) throw new RangeError('biller id must be 15 digits');
  if (!BILL_REFERENCE.test(ref1))
    throw new RangeError('ref1 must be 1-20 upper-case letters or digits');
  if (ref2 !== undefined && !BILL_REFERENCE.test(ref2))
    throw new RangeError('ref2 must be 1-20 upper-case letters or digits');
  return {
    tag: EMV_TAG.billPayment,
    value: encodeTlvs([
      { tag: '00', value: BILL_PAYMENT_AID },
      { tag: '01', value: billerId },
      { tag: '02', value: ref1 },
      ...(ref2 ? [{ tag: '03', value: ref2 }] : []),
    ]),
  };
}

/**
 * Fields in the order of D13's known-good payloads: 00, 01, merchant account, 53, 58, 54, 63
 * (EMVCo fixes only 00 first and 63 last).
 */
function assemble(account: EmvField, country: keyof typeof EMV_COUNTRIES, amount?: bigint): string {
  const { currency, country: countryCode } = EMV_COUNTRIES[country];
  const fields: EmvField[] = [
    { tag: EMV_TAG.payloadFormat, value: '01' },
    {
      tag: EMV_TAG.initiationMethod,
      value: amount === undefined ? INITIATION_STATIC : INITIATION_DYNAMIC,
    },
    account,
    { tag: EMV_TAG.currency, value: currency },
    { tag: EMV_TAG.country, value: countryCode },
    ...(amount === undefined ? [] : [{ tag: EMV_TAG.amount, value: formatEmvAmount(amount) }]),
  ];
  return withCrc(encodeTlvs(fields));
}

/** A Thai QR Payment payload; throws RangeError on an invalid target or amount. */
export function buildThaiQrPayload(input: ThaiQrInput): string {
  return assemble(merchantAccount(input), 'TH', input.amount);
}

export type LaoQrInput = {
  /** The receiving institution's IIN in LAPNet (sub-field 01 of tag 38). */
  iin: string;
  /** Further sub-fields of tag 38 (e.g. the receiver's account), in order, after 00 and 01. */
  extra?: EmvField[];
  /** Minor units (att). With it the QR is dynamic. */
  amount?: bigint;
};

/** A Lao QR (LAPNet) payload: tag 38 {00 AID, 01 IIN, …extra}, currency 418, country LA. */
export function buildLaoQrPayload(input: LaoQrInput): string {
  if (!/^[0-9A-Za-z]{1,32}$/.test(input.iin))
    throw new RangeError('IIN must be 1-32 letters or digits');
  const account: EmvField = {
    tag: EMV_TAG.lapnet,
    value: encodeTlvs([
      { tag: '00', value: LAPNET_AID },
      { tag: '01', value: input.iin },
      ...(input.extra ?? []),
    ]),
  };
  return assemble(account, 'LA', input.amount);
}

export type PaymentQr = {
  country: string;
  currency: string;
  isDynamic: boolean;
  /** Minor units, or null for a static QR without an amount. */
  amountMinor: bigint | null;
  promptPay?: { phone?: string; nationalId?: string; eWallet?: string };
  billPayment?: { billerId: string; ref1: string; ref2?: string };
  lapnet?: { iin: string; subTags: Record<string, string> };
  tags: Record<string, string>;
};

export type PaymentQrResult =
  | { ok: true; qr: PaymentQr }
  | { ok: false; error: EmvParseError | 'NOT_PAYMENT_QR' | 'BAD_AMOUNT' };

/**
 * Reads a payment QR (Thai PromptPay / bill payment, or Lao LAPNet): checks the CRC, the format indicator and
 * the merchant-account template, and returns what a payer's app would show. A PromptPay phone is given back
 * in the local form (0812223333).
 */
export function readPaymentQr(payload: string): PaymentQrResult {
  const parsed = parseEmv(payload);
  if (!parsed.ok) return parsed;
  const { tags } = parsed;
  if (tags['00'] !== '01') return { ok: false, error: 'NOT_PAYMENT_QR' };
  const method = tags['01'];
  if (method !== INITIATION_STATIC && method !== INITIATION_DYNAMIC)
    return { ok: false, error: 'NOT_PAYMENT_QR' };
  let amountMinor: bigint | null = null;
  if (tags['54'] !== undefined) {
    amountMinor = parseEmvAmount(tags['54']);
    if (amountMinor === null) return { ok: false, error: 'BAD_AMOUNT' };
  }
  const qr: PaymentQr = {
    country: tags['58'] ?? '',
    currency: tags['53'] ?? '',
    isDynamic: method === INITIATION_DYNAMIC,
    amountMinor,
    tags,
  };
  const promptPay = tags['29'] === undefined ? undefined : parseTemplate(tags['29']);
  const bill = tags['30'] === undefined ? undefined : parseTemplate(tags['30']);
  const lapnet = tags['38'] === undefined ? undefined : parseTemplate(tags['38']);
  if (promptPay && promptPay['00'] === PROMPTPAY_AID) {
    const phone = promptPay['01'];
    qr.promptPay = {
      ...(phone ? { phone: /^0066\d{9}$/.test(phone) ? `0${phone.slice(4)}` : phone } : {}),
      ...(promptPay['02'] ? { nationalId: promptPay['02'] } : {}),
      ...(promptPay['03'] ? { eWallet: promptPay['03'] } : {}),
    };
  } else if (bill && bill['00'] === BILL_PAYMENT_AID && bill['01'] && bill['02']) {
    qr.billPayment = {
      billerId: bill['01'],
      ref1: bill['02'],
      ...(bill['03'] ? { ref2: bill['03'] } : {}),
    };
  } else if (lapnet && lapnet['00'] === LAPNET_AID && lapnet['01']) {
    qr.lapnet = { iin: lapnet['01'], subTags: lapnet };
  } else {
    return { ok: false, error: 'NOT_PAYMENT_QR' };
  }
  return { ok: true, qr };
}
