import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { majorText } from '../lib/money.ts';

type Rgb = readonly [number, number, number];
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const INK: Rgb = [40, 44, 52];
const MUTED: Rgb = [120, 126, 140];
const GREEN: Rgb = [19, 143, 78];

/** The classic 5x7 font, one byte per column, bit 0 at the top; enough for a slip in upper-case ASCII. */
const FONT: Record<string, readonly number[]> = {
  ' ': [0, 0, 0, 0, 0],
  '(': [0x00, 0x1c, 0x22, 0x41, 0x00],
  ')': [0x00, 0x41, 0x22, 0x1c, 0x00],
  '+': [0x08, 0x08, 0x3e, 0x08, 0x08],
  ',': [0x00, 0x50, 0x30, 0x00, 0x00],
  '-': [0x08, 0x08, 0x08, 0x08, 0x08],
  '.': [0x00, 0x60, 0x60, 0x00, 0x00],
  '/': [0x20, 0x10, 0x08, 0x04, 0x02],
  '0': [0x3e, 0x51, 0x49, 0x45, 0x3e],
  '1': [0x00, 0x42, 0x7f, 0x40, 0x00],
  '2': [0x42, 0x61, 0x51, 0x49, 0x46],
  '3': [0x21, 0x41, 0x45, 0x4b, 0x31],
  '4': [0x18, 0x14, 0x12, 0x7f, 0x10],
  '5': [0x27, 0x45, 0x45, 0x45, 0x39],
  '6': [0x3c, 0x4a, 0x49, 0x49, 0x30],
  '7': [0x01, 0x71, 0x09, 0x05, 0x03],
  '8': [0x36, 0x49, 0x49, 0x49, 0x36],
  '9': [0x06, 0x49, 0x49, 0x29, 0x1e],
  ':': [0x00, 0x36, 0x36, 0x00, 0x00],
  A: [0x7e, 0x11, 0x11, 0x11, 0x7e],
  B: [0x7f, 0x49, 0x49, 0x49, 0x36],
  C: [0x3e, 0x41, 0x41, 0x41, 0x22],
  D: [0x7f, 0x41, 0x41, 0x22, 0x1c],
  E: [0x7f, 0x49, 0x49, 0x49, 0x41],
  F: [0x7f, 0x09, 0x09, 0x09, 0x01],
  G: [0x3e, 0x41, 0x49, 0x49, 0x7a],
  H: [0x7f, 0x08, 0x08, 0x08, 0x7f],
  I: [0x00, 0x41, 0x7f, 0x41, 0x00],
  J: [0x20, 0x40, 0x41, 0x3f, 0x01],
  K: [0x7f, 0x08, 0x14, 0x22, 0x41],
  L: [0x7f, 0x40, 0x40, 0x40, 0x40],
  M: [0x7f, 0x02, 0x0c, 0x02, 0x7f],
  N: [0x7f, 0x04, 0x08, 0x10, 0x7f],
  O: [0x3e, 0x41, 0x41, 0x41, 0x3e],
  P: [0x7f, 0x09, 0x09, 0x09, 0x06],
  Q: [0x3e, 0x41, 0x51, 0x21, 0x5e],
  R: [0x7f, 0x09, 0x19, 0x29, 0x46],
  S: [0x46, 0x49, 0x49, 0x49, 0x31],
  T: [0x01, 0x01, 0x7f, 0x01, 0x01],
  U: [0x3f, 0x40, 0x40, 0x40, 0x3f],
  V: [0x1f, 0x20, 0x40, 0x20, 0x1f],
  W: [0x3f, 0x40, 0x38, 0x40, 0x3f],
  X: [0x63, 0x14, 0x08, 0x14, 0x63],
  Y: [0x07, 0x08, 0x70, 0x08, 0x07],
  Z: [0x61, 0x51, 0x49, 0x45, 0x43],
};

/** A white RGBA canvas with the few drawing operations a slip needs. */
function canvas(width: number, height: number) {
  const png = new PNG({ width, height });
  png.data.fill(255);
  const fill = (x: number, y: number, w: number, h: number, [r, g, b]: Rgb) => {
    for (let row = Math.max(0, y); row < Math.min(height, y + h); row++)
      for (let col = Math.max(0, x); col < Math.min(width, x + w); col++) {
        const at = (row * width + col) * 4;
        png.data[at] = r;
        png.data[at + 1] = g;
        png.data[at + 2] = b;
        png.data[at + 3] = 255;
      }
  };
  /** Upper-cased ASCII text; characters outside the font are left blank. */
  const text = (value: string, x: number, y: number, scale: number, color: Rgb) => {
    let at = x;
    for (const char of value.toUpperCase()) {
      const columns = FONT[char] ?? FONT[' ']!;
      columns.forEach((bits, col) => {
        for (let row = 0; row < 7; row++)
          if (bits & (1 << row)) fill(at + col * scale, y + row * scale, scale, scale, color);
      });
      at += 6 * scale;
    }
  };
  const textWidth = (value: string, scale: number) => value.length * 6 * scale - scale;
  const qr = (payload: string, x: number, y: number, size: number) => {
    const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
    // A 4-module quiet zone on each side, as scanners expect.
    const scale = Math.max(1, Math.floor(size / (modules.size + 8)));
    const offset = 4 * scale;
    fill(x, y, (modules.size + 8) * scale, (modules.size + 8) * scale, WHITE);
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++)
        if (modules.get(row, col))
          fill(x + offset + col * scale, y + offset + row * scale, scale, scale, BLACK);
    return (modules.size + 8) * scale;
  };
  return { width, png, fill, text, textWidth, qr, toBuffer: () => PNG.sync.write(png) };
}

/** A PNG with just a QR of the text (for tests: a QR that is not a slip QR, or any payload). */
export function renderQrPng(text: string, size = 400): Buffer {
  const c = canvas(size, size);
  c.qr(text, 0, 0, size);
  return c.toBuffer();
}

export type SlipImageInput = {
  payload: string;
  transRef: string;
  amountMinor: number;
  /** ISO date-time of the transfer. */
  date: string;
  sender: { name: string; bankShortCode: string; maskedAccountNo: string };
  receiver: { name: string; bankShortCode: string; maskedAccountNo: string };
};

const asciiOrDash = (value: string) => value.replace(/[^\x20-\x7e]/g, '').trim() || '-';

function formatAmount(minor: number): string {
  const [whole = '0', fraction = '00'] = majorText(minor).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** A 600x900 transfer slip like a Thai banking app's, with the mini-QR big enough to decode. */
export function renderSlipPng(slip: SlipImageInput): Buffer {
  const c = canvas(600, 900);
  c.fill(0, 0, 600, 110, GREEN);
  c.text('SANDBOX BANK', 32, 26, 4, WHITE);
  c.text('TRANSFER SUCCESSFUL', 32, 70, 2, WHITE);
  // Bangkok time (UTC+7, no daylight saving).
  const local = new Date(Date.parse(slip.date) + 7 * 3_600_000).toISOString();
  c.text(`${local.slice(0, 10)} ${local.slice(11, 16)} (UTC+7)`, 32, 134, 2, MUTED);

  let y = 180;
  for (const [label, party] of [
    ['FROM', slip.sender],
    ['TO', slip.receiver],
  ] as const) {
    c.text(label, 32, y, 2, MUTED);
    c.text(asciiOrDash(party.name).slice(0, 30), 32, y + 24, 3, INK);
    c.text(`${party.bankShortCode} ${party.maskedAccountNo}`, 32, y + 56, 2, INK);
    y += 100;
  }
  c.fill(32, y, 536, 2, MUTED);
  c.text('AMOUNT (THB)', 32, y + 16, 2, MUTED);
  const amount = formatAmount(slip.amountMinor);
  c.text(amount, 568 - c.textWidth(amount, 4), y + 44, 4, INK);
  c.text(`REF ${slip.transRef}`.slice(0, 48), 32, y + 92, 2, INK);

  const side = 300;
  c.qr(slip.payload, (600 - side) / 2, 580, side);
  c.text('SCAN TO VERIFY', (600 - c.textWidth('SCAN TO VERIFY', 2)) / 2, 872, 2, MUTED);
  return c.toBuffer();
}
