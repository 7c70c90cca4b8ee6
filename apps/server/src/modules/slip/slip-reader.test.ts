import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/app-error.ts';
import { createSlipReader, type SlipReader } from '@/modules/slip/slip-reader.ts';

const silent = { error: () => undefined };

function whitePng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(255);
  return PNG.sync.write(png);
}

let reader: SlipReader | undefined;
afterEach(async () => {
  await reader?.close();
});

describe('slip reader (worker threads)', () => {
  it('reads an image in a worker: no QR in a blank one, undecodable bytes say so', async () => {
    reader = createSlipReader(silent, { threads: 1 });
    expect(await reader.read({ bytes: whitePng(300, 400), type: 'image/png' })).toEqual({
      kind: 'read',
      qrText: null,
    });
    const broken = Buffer.concat([whitePng(10, 10).subarray(0, 40), Buffer.alloc(50, 7)]);
    expect(await reader.read({ bytes: broken, type: 'image/png' })).toEqual({
      kind: 'undecodable',
    });
  });

  it('refuses with SERVICE_UNAVAILABLE once its queue is full, and reads the rest', async () => {
    reader = createSlipReader(silent, { threads: 1, maxQueue: 1 });
    const bytes = whitePng(1000, 1000);
    const results = await Promise.allSettled(
      [0, 1, 2, 3, 4].map(() => reader!.read({ bytes, type: 'image/png' })),
    );
    const refused = results.filter(
      (r) =>
        r.status === 'rejected' &&
        r.reason instanceof AppError &&
        r.reason.code === 'SERVICE_UNAVAILABLE',
    );
    const read = results.filter((r) => r.status === 'fulfilled');
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(read.length).toBeGreaterThanOrEqual(1);
    expect(refused.length + read.length).toBe(5);
  });

  it('abandons a read that takes too long: undecodable', async () => {
    reader = createSlipReader(silent, { threads: 1, timeoutMs: 1 });
    expect(await reader.read({ bytes: whitePng(2000, 2000), type: 'image/png' })).toEqual({
      kind: 'undecodable',
    });
  });
});
