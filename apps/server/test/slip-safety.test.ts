import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLimit } from './support/limits.ts';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import {
  blackPng,
  slipList,
  slipMember,
  upload,
  uploadSlip,
  withJpegSize,
} from './support/slips.ts';

let t: MoneyInTestApp;
beforeAll(async () => {
  t = await createMoneyInTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function slipRowsOf(memberId: string): Promise<number> {
  const row = await t.app.deps.db.kysely
    .selectFrom('slips')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('slip image safety (A3)', () => {
  it('refuses an image over 16 megapixels by its header, png or jpeg, storing nothing', async () => {
    const m = await slipMember(t);
    const png = await upload(t, m.token, blackPng(4100, 4000));
    expect(png.statusCode).toBe(413);
    expect(png.json()).toEqual({ message: 'IMAGE_SIZE_UNPROCESSABLE' });

    const small = Buffer.from(
      jpeg.encode({ data: Buffer.alloc(16 * 16 * 4, 200), width: 16, height: 16 }, 90).data,
    );
    const jpg = await upload(t, m.token, withJpegSize(small, 5000, 4000), 'slip.jpg');
    expect(jpg.statusCode).toBe(413);
    expect(jpg.json()).toEqual({ message: 'IMAGE_SIZE_UNPROCESSABLE' });
    expect(await slipRowsOf(m.memberId)).toBe(0);

    // 16 megapixels exactly is read (no QR in a black image), kept as a failed slip with its image.
    const edge = await uploadSlip(t, m.token, blackPng(4000, 4000));
    expect(edge).toMatchObject({ status: 'FAILED', note: 'CROPPED_IMAGE_UNREADABLE' });
    expect(await slipRowsOf(m.memberId)).toBe(1);
  });

  it('a bomb-like png (a small file of huge dimensions) is refused at once, storing nothing', async () => {
    const m = await slipMember(t);
    const bomb = blackPng(7000, 7000);
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    const answer = await upload(t, m.token, bomb);
    const elapsed = performance.now() - started;
    expect(answer.json()).toEqual({ message: 'IMAGE_SIZE_UNPROCESSABLE' });
    expect(elapsed).toBeLessThan(1000);
    // A header claiming 100000 × 100000 over a few bytes of data.
    const liar = Buffer.from(blackPng(8, 8));
    liar.writeUInt32BE(100_000, 16);
    liar.writeUInt32BE(100_000, 20);
    expect((await upload(t, m.token, liar)).json()).toEqual({
      message: 'IMAGE_SIZE_UNPROCESSABLE',
    });
    expect(await slipRowsOf(m.memberId)).toBe(0);
  });

  it('limits uploads per member: 5 a minute, 30 a day, refused uploads store nothing', async () => {
    const m = await slipMember(t);
    const other = await slipMember(t);
    const notImage = Buffer.from('not an image');
    const firstAt = t.clock.now().getTime();
    for (let i = 0; i < 5; i += 1) await uploadSlip(t, m.token, notImage);
    const sixth = await upload(t, m.token, notImage);
    expectLimit(sixth, 'REQUEST_LIMIT_1MIN', firstAt + 60_000, t.clock.now().getTime());
    expect((await slipList(t, m.token)).total).toBe(5);
    // Another member is not limited by it.
    expect((await uploadSlip(t, other.token, notImage)).note).toBe('FILE_MISSING');

    t.clock.advance(61_000);
    const dayFrom = t.clock.now().getTime();
    for (let i = 5; i < 30; i += 1) {
      await uploadSlip(t, m.token, notImage);
      t.clock.advance(13_000);
    }
    t.clock.advance(61_000);
    const thirtyFirst = await upload(t, m.token, notImage);
    // The day's first upload leaves the window first.
    expectLimit(thirtyFirst, 'REQUEST_LIMIT', firstAt + 24 * 60 * 60_000, t.clock.now().getTime());
    expect(dayFrom).toBeGreaterThan(firstAt);
    expect((await slipList(t, m.token)).total).toBe(30);

    t.clock.advance(24 * 60 * 60_000);
    expect((await uploadSlip(t, m.token, notImage)).note).toBe('FILE_MISSING');
  });
});
