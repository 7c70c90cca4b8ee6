import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { buildThaiQrPayload, readPaymentQr } from '@mekong/contracts/thai-qr';
import { renderQrSvg } from '@/modules/deposit/qr.service.ts';

/**
 * Rasterises the SVG the server sends (a viewBox of modules and one stroked path of horizontal runs) into RGBA
 * pixels, so the QR is read back from the markup itself, as a phone camera would read the rendered image.
 */
function rasterise(
  svg: string,
  scale = 6,
  border = 4,
): { data: Uint8ClampedArray; width: number; height: number } {
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const path = /<path[^>]*stroke="#000000"[^>]*d="([^"]+)"/.exec(svg);
  if (!viewBox || !path) throw new Error('not the SVG shape this test reads');
  const modules = Number(viewBox[1]);
  const size = (modules + border * 2) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  const paint = (col: number, row: number) => {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const i = (((row + border) * scale + dy) * size + (col + border) * scale + dx) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
    }
  };
  let x = 0;
  let y = 0;
  for (const [, command, args] of (path[1] ?? '').matchAll(/([MmHh])([^MmHh]*)/g)) {
    const numbers = (args ?? '')
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (command === 'M' || command === 'm') {
      const [a = 0, b = 0] = numbers;
      x = command === 'M' ? a : x + a;
      y = command === 'M' ? b : y + b;
    } else {
      const run = numbers[0] ?? 0;
      const end = command === 'H' ? run : x + run;
      for (let col = Math.min(x, end); col < Math.max(x, end); col++) paint(col, Math.floor(y));
      x = end;
    }
  }
  return { data, width: size, height: size };
}

describe('QR deposit markup', () => {
  it('decodes back to exactly the payload it was rendered from', async () => {
    const payload = buildThaiQrPayload({
      billPayment: { billerId: '010556012345601', ref1: 'MW7K2Q9X4D' },
      amount: 12_345n,
    });
    const image = rasterise(await renderQrSvg(payload));
    const decoded = jsQR(image.data, image.width, image.height);
    expect(decoded?.data).toBe(payload);
    const read = readPaymentQr(decoded?.data ?? '');
    expect(read.ok && read.qr.amountMinor).toBe(12_345n);
    expect(read.ok && read.qr.billPayment?.ref1).toBe('MW7K2Q9X4D');
  });

  it('reads the known-good PromptPay payload of docs/design.md#outside-parties back from its markup', async () => {
    const known =
      '00020101021229370016A0000006770101110113006681222333353037645802TH540530.0063043CAD';
    const image = rasterise(await renderQrSvg(known));
    expect(jsQR(image.data, image.width, image.height)?.data).toBe(known);
  });
});
