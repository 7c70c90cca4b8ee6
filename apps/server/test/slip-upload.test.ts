import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSlipQrPayload } from '@mekong/contracts/slip-qr';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { cashOf, statementOf } from './support/bank.ts';
import { uniqueAccountNo } from './support/members.ts';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import { expectLedgerConsistent } from './support/money.ts';
import {
  BOUNDARY,
  bankSlip as bankSlipOf,
  multipart,
  slipList as slipListOf,
  slipMember,
  upload as uploadTo,
  uploadSlip as uploadSlipTo,
  type Party,
} from './support/slips.ts';
import { TEST_START } from './support/test-app.ts';

let t: MoneyInTestApp;
beforeAll(async () => {
  t = await createMoneyInTestApp();
});
afterAll(async () => {
  await t?.close();
});

const upload = (token: string, bytes: Buffer | null, filename?: string) =>
  uploadTo(t, token, bytes, filename);
const uploadSlip = (token: string, bytes: Buffer | null, filename?: string) =>
  uploadSlipTo(t, token, bytes, filename);
const bankSlip = (sender: Party, amountMinor: number, options?: Parameters<typeof bankSlipOf>[3]) =>
  bankSlipOf(t, sender, amountMinor, options);
const member = () => slipMember(t);
const slipList = (token: string, page?: number, limit?: number) =>
  slipListOf(t, token, page, limit);

async function qrImage(text: string): Promise<Buffer> {
  const answer = await t.gatewayPost('/sandbox/slip/qr-image', { text });
  return Buffer.from((answer.json as { pngBase64: string }).pngBase64, 'base64');
}

describe('slip upload (D6)', () => {
  it('credits a good slip once, lists it, and serves its image at its link', async () => {
    const m = await member();
    const { transRef, png } = await bankSlip(m.account, 1_500_50);
    const slip = await uploadSlip(m.token, png);
    expect(slip).toMatchObject({
      status: 'SUCCESS',
      amount: 1500.5,
      note: null,
      reference: transRef,
    });
    expect(await cashOf(t, m.memberId)).toBe(1_500_50n);

    const { statements } = await statementOf(t, m.token);
    expect(statements).toEqual([
      expect.objectContaining({ statementType: 'deposit', amount: 1500.5, status: 'SUCCESS' }),
    ]);
    expect(await slipList(m.token)).toEqual({ total: 1, slips: [slip] });

    // A browser tab opens the link: no marker header, no token.
    expect(slip.link).toMatch(
      /^\/api\/files\/slips\/[A-Za-z0-9_-]{43}\?member=[0-9a-f-]{36}&expires=\d+&sig=[A-Za-z0-9_-]{43}$/,
    );
    const image = await t.app.inject({ method: 'GET', url: slip.link ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
    const guessed = await t.app.inject({ method: 'GET', url: '/api/files/slips/abc' });
    expect(guessed.statusCode).toBe(404);

    const byReference = await t.api('GET', `/api/statement/slip/reference/${transRef}`, {
      token: m.token,
    });
    expect(byReference.json()).toEqual({ url: slip.link });
    const unknown = await t.api('GET', '/api/statement/slip/reference/NOPE', { token: m.token });
    expect(unknown.json()).toEqual({ message: 'NO_DATA' });
    // Another member can't find it by reference.
    const other = await member();
    const foreign = await t.api('GET', `/api/statement/slip/reference/${transRef}`, {
      token: other.token,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('reads a JPEG slip too', async () => {
    const m = await member();
    const { png } = await bankSlip(m.account, 300_00);
    const decoded = PNG.sync.read(png);
    const jpg = Buffer.from(
      jpeg.encode({ data: decoded.data, width: decoded.width, height: decoded.height }, 92).data,
    );
    const slip = await uploadSlip(m.token, jpg, 'slip.jpg');
    expect(slip).toMatchObject({ status: 'SUCCESS', amount: 300 });
    expect(await cashOf(t, m.memberId)).toBe(300_00n);
  });

  it('a slip used before gives REFERENCE_DUPLICATED, sequentially and in parallel, crediting once', async () => {
    const m = await member();
    const first = await bankSlip(m.account, 200_00);
    expect((await uploadSlip(m.token, first.png)).status).toBe('SUCCESS');
    const again = await uploadSlip(m.token, first.png);
    expect(again).toMatchObject({
      status: 'FAILED',
      note: 'REFERENCE_DUPLICATED',
      reference: first.transRef,
    });
    // Another member with the same slip image.
    const other = await member();
    expect((await uploadSlip(other.token, first.png)).note).toBe('REFERENCE_DUPLICATED');
    expect(await cashOf(t, other.memberId)).toBe(0n);

    const second = await bankSlip(m.account, 70_00);
    const parallel = await Promise.all([0, 1, 2].map(() => uploadSlip(m.token, second.png)));
    expect(parallel.filter((s) => s.status === 'SUCCESS')).toHaveLength(1);
    expect(parallel.filter((s) => s.note === 'REFERENCE_DUPLICATED')).toHaveLength(2);
    expect(await cashOf(t, m.memberId)).toBe(270_00n);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('refuses a slip to a foreign account, from another person, or too old, each with its reason', async () => {
    const m = await member();
    const foreignReceiver = await bankSlip(m.account, 100_00, {
      receiver: { name: 'SOMEONE ELSE', bankCode: 'SCB', accountNo: uniqueAccountNo() },
    });
    expect(await uploadSlip(m.token, foreignReceiver.png)).toMatchObject({
      status: 'FAILED',
      note: 'DESTINATION_ACCOUNT_INVALID',
      amount: 100,
    });
    const stranger = await bankSlip(
      { name: 'OTHER PERSON', bankCode: 'KBANK', accountNo: uniqueAccountNo() },
      100_00,
    );
    expect((await uploadSlip(m.token, stranger.png)).note).toBe('PLAYER_ACCOUNT_MISMATCH');
    // The member's account number at another bank is not the registered account either.
    const otherBank = await bankSlip({ ...m.account, bankCode: 'SCB' }, 100_00);
    expect((await uploadSlip(m.token, otherBank.png)).note).toBe('PLAYER_ACCOUNT_MISMATCH');
    const old = await bankSlip(m.account, 100_00, {
      date: new Date(t.clock.now().getTime() - 61 * 60_000).toISOString(),
    });
    expect((await uploadSlip(m.token, old.png)).note).toBe('SLIP_EXPIRED');
    const recent = await bankSlip(m.account, 100_00, {
      date: new Date(t.clock.now().getTime() - 59 * 60_000).toISOString(),
    });
    expect((await uploadSlip(m.token, recent.png)).status).toBe('SUCCESS');
    expect(await cashOf(t, m.memberId)).toBe(100_00n);
  });

  it('unreadable images, non-images and other QRs give their reasons and credit nothing', async () => {
    const m = await member();
    // Five uploads a minute per member: these come 13 s apart.
    const uploadSlip = (bytes: Buffer, filename?: string) => {
      t.clock.advance(13_000);
      return uploadSlipTo(t, m.token, bytes, filename);
    };
    const blank = new PNG({ width: 300, height: 400 });
    blank.data.fill(255);
    expect(await uploadSlip(PNG.sync.write(blank))).toMatchObject({
      status: 'FAILED',
      note: 'CROPPED_IMAGE_UNREADABLE',
      amount: 0,
    });
    const text = await uploadSlip(Buffer.from('just some text, not an image'), 'slip.png');
    expect(text).toMatchObject({ status: 'FAILED', note: 'FILE_MISSING', link: null });
    const empty = await uploadSlip(Buffer.alloc(0));
    expect(empty.note).toBe('FILE_MISSING');
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(100, 7),
    ]);
    expect((await uploadSlip(broken)).note).toBe('IMAGE_SIZE_UNPROCESSABLE');
    const bomb = Buffer.from(broken);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    expect((await uploadSlip(bomb)).note).toBe('IMAGE_SIZE_UNPROCESSABLE');
    expect((await uploadSlip(await qrImage('https://example.com/'))).note).toBe('INVALID_SLIP');
    const unknownTransfer = buildSlipQrPayload({ sendingBank: '004', transRef: 'NOSUCHTRANSFER1' });
    expect((await uploadSlip(await qrImage(unknownTransfer))).note).toBe('INVALID_SLIP');
    const tooLarge = Buffer.alloc(10 * 1024 * 1024 + 10, 0);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(tooLarge);
    expect((await uploadSlip(tooLarge)).note).toBe('IMAGE_SIZE_UNPROCESSABLE');
    expect(await cashOf(t, m.memberId)).toBe(0n);
    const { total, slips } = await slipList(m.token);
    expect(total).toBe(8);
    expect(slips.every((s) => s.status === 'FAILED')).toBe(true);
  });

  it('a transfer the bank has not reported yet is REFERENCE_UNSTABLE and can be sent again', async () => {
    const m = await member();
    const { png } = await bankSlip(m.account, 55_00, { delayedTimes: 1 });
    expect((await uploadSlip(m.token, png)).note).toBe('REFERENCE_UNSTABLE');
    expect(await cashOf(t, m.memberId)).toBe(0n);
    expect((await uploadSlip(m.token, png)).status).toBe('SUCCESS');
    expect(await cashOf(t, m.memberId)).toBe(55_00n);
  });

  it('refuses requests without a file, not multipart, or in the closed window, with a clear code', async () => {
    const m = await member();
    const noFile = await upload(m.token, null);
    expect(noFile.json()).toEqual({ message: 'SLIP_NO_FILE' });
    const otherField = await t.api('POST', '/api/wallet/slip', {
      token: m.token,
      rawBody: multipart([{ field: 'image', filename: 'a.png', bytes: Buffer.from('x') }]),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(otherField.json()).toEqual({ message: 'SLIP_NO_FILE' });
    const json = await t.api('POST', '/api/wallet/slip', { token: m.token, body: { file: 'x' } });
    expect(json.json()).toEqual({ message: 'SLIP_INVALID_FILE' });
    const cut = await t.api('POST', '/api/wallet/slip', {
      token: m.token,
      rawBody: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc`,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(cut.statusCode).toBeLessThan(500);
    const anonymous = await t.api('POST', '/api/wallet/slip', {
      rawBody: multipart([]),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.countRows('slips')).toBeGreaterThan(0);
    const before = (await slipList(m.token)).total;

    // 23:45 in Bangkok is inside the demo window 23:30-00:30.
    t.clock.set(new Date('2026-11-02T16:45:00.000Z'));
    try {
      const { png } = await bankSlip(m.account, 10_00);
      const closed = await upload(m.token, png);
      expect(closed.statusCode).toBe(403);
      expect(closed.json()).toEqual({ message: 'SLIP_CLOSED' });
      await saveSetting(
        t.app.deps.db.kysely,
        'slip',
        { closedFrom: null, closedTo: null },
        t.clock.now(),
      );
      expect((await uploadSlip(m.token, png)).status).toBe('SUCCESS');
    } finally {
      await saveSetting(
        t.app.deps.db.kysely,
        'slip',
        { closedFrom: '23:30', closedTo: '00:30' },
        t.clock.now(),
      );
      t.clock.set(TEST_START);
    }
    expect((await slipList(m.token)).total).toBe(before + 1);
  });

  it('lists slips newest first, 10 a page', async () => {
    const m = await member();
    for (let i = 0; i < 11; i += 1) {
      t.clock.advance(13_000); // five uploads a minute per member
      await uploadSlip(m.token, Buffer.from(`not an image ${i}`));
    }
    const first = await slipList(m.token, 1, 10);
    expect(first.total).toBe(11);
    expect(first.slips).toHaveLength(10);
    const second = await slipList(m.token, 2, 10);
    expect(second.slips).toHaveLength(1);
    const times = [...first.slips, ...second.slips].map((s) => s.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const bad = await t.api('POST', '/api/statement/slip', {
      token: m.token,
      body: { page: 0, limit: 10 },
    });
    expect(bad.json()).toEqual({ message: 'INVALID_REQUEST' });
  });
});
