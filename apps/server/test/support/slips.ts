import { crc32, deflateSync } from 'node:zlib';
import { expect } from 'vitest';
import type { MoneyInTestApp } from './money-in.ts';
import { walletMember } from './money.ts';

/** The demo operator's KBANK deposit account. */
export const OPERATOR = { name: 'MEKONG WALLET', bankCode: 'KBANK', accountNo: '1423096718' };

export type SlipAnswer = {
  _id: string;
  createdAt: string;
  amount: number;
  status: 'SUCCESS' | 'FAILED' | 'PENDING';
  note: string | null;
  link: string | null;
  reference: string | null;
};

export const BOUNDARY = '----mekongslipboundary';
export function multipart(
  parts: { field: string; filename?: string; type?: string; bytes: Buffer }[],
) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.field}"; filename="${p.filename}"`
      : `form-data; name="${p.field}"`;
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
      p.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export async function upload(
  t: MoneyInTestApp,
  token: string,
  bytes: Buffer | null,
  filename = 'slip.png',
) {
  return t.api('POST', '/api/wallet/slip', {
    token,
    rawBody: multipart(bytes ? [{ field: 'file', filename, type: 'image/png', bytes }] : []),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

export async function uploadSlip(
  t: MoneyInTestApp,
  token: string,
  bytes: Buffer | null,
  filename?: string,
) {
  const response = await upload(t, token, bytes, filename);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { slip: SlipAnswer }).slip;
}

export type Party = { name: string; bankCode: string; accountNo: string };

/** A transfer the sandbox's slip verifier knows, with the png of its slip (mini-QR inside). */
export async function bankSlip(
  t: MoneyInTestApp,
  sender: Party,
  amountMinor: number,
  options: { receiver?: Party; date?: string; delayedTimes?: number } = {},
) {
  const answer = await t.gatewayPost('/sandbox/slip/transfers', {
    amountMinor,
    sender,
    receiver: options.receiver ?? OPERATOR,
    ...(options.date ? { date: options.date } : {}),
    ...(options.delayedTimes ? { delayedTimes: options.delayedTimes } : {}),
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const json = answer.json as { transfer: { transRef: string }; slipPngBase64: string };
  return { transRef: json.transfer.transRef, png: Buffer.from(json.slipPngBase64, 'base64') };
}

/** A signed-in member with the bank account its slips are sent from. */
export async function slipMember(t: MoneyInTestApp) {
  const m = await walletMember(t);
  return {
    ...m,
    account: { name: 'SOMCHAI JAIDEE', bankCode: m.bankCode, accountNo: m.bankAccountNo },
  };
}

export async function slipList(t: MoneyInTestApp, token: string, page = 1, limit = 10) {
  const response = await t.api('POST', '/api/statement/slip', { token, body: { page, limit } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { total: number; slips: SlipAnswer[] };
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid, all-black 8-bit grayscale png of any size: zeros compress about 1000 to 1, so a 7000×7000 image is a file
 * of a few hundred KB that decodes to 196 MB of RGBA (a decompression bomb in miniature).
 */
export function blackPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // grayscale
  const raw = Buffer.alloc(height * (width + 1)); // each row: filter byte 0, then the pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The same jpeg with the frame size in its SOF marker rewritten (its data no longer matches: a lie in the header). */
export function withJpegSize(jpg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpg);
  let at = 2;
  while (at + 9 < out.length) {
    if (out[at] !== 0xff) throw new Error('not a marker');
    const marker = out[at + 1]!;
    const length = out.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc3) {
      out.writeUInt16BE(height, at + 5);
      out.writeUInt16BE(width, at + 7);
      return out;
    }
    at += 2 + length;
  }
  throw new Error('no SOF marker');
}
