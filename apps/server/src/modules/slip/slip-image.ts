import { imageSize } from 'image-size';
import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

export type ImageType = 'image/png' | 'image/jpeg';
export type Raster = { width: number; height: number; data: Uint8ClampedArray };

/**
 * Larger images are refused from their header, before decoding (a 16 MP image decodes to 64 MB of pixels; a small
 * file may claim far more: a decompression bomb). Slips are screenshots or phone photos, well under this.
 */
export const MAX_PIXELS = 16_000_000;

/** The type by the file's first bytes (never its name or declared type), or null for anything else. */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  return null;
}

/**
 * Width × height as the image's header says (png IHDR, jpeg SOF), read without decoding; null when the header is
 * unreadable or names an empty image. Never throws.
 */
export function headerPixels(bytes: Uint8Array): number | null {
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0 ? width * height : null;
  } catch {
    return null;
  }
}

/** RGBA pixels of a png or jpeg; null when it does not decode or is too large. Never throws. */
export function decodeImage(bytes: Buffer, type: ImageType): Raster | null {
  try {
    const pixels = headerPixels(bytes);
    if (pixels === null || pixels > MAX_PIXELS) return null;
    if (type === 'image/png') {
      const png = PNG.sync.read(bytes);
      return { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data) };
    }
    const image = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_PIXELS / 1_000_000,
      maxMemoryUsageInMB: 512,
    });
    return {
      width: image.width,
      height: image.height,
      data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length),
    };
  } catch {
    return null;
  }
}

/** Box-filter downscale so the longest side is at most `maxSide` (returns the image itself when smaller). */
export function downscale(image: Raster, maxSide: number): Raster {
  const factor = Math.ceil(Math.max(image.width, image.height) / maxSide);
  if (factor <= 1) return image;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const data = new Uint8ClampedArray(width * height * 4);
  const area = factor * factor;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const sums = [0, 0, 0, 0];
      for (let dy = 0; dy < factor; dy += 1) {
        const row = ((y * factor + dy) * image.width + x * factor) * 4;
        for (let dx = 0; dx < factor; dx += 1) {
          const at = row + dx * 4;
          for (let c = 0; c < 4; c += 1) sums[c]! += image.data[at + c]!;
        }
      }
      const out = (y * width + x) * 4;
      for (let c = 0; c < 4; c += 1) data[out + c] = Math.round(sums[c]! / area);
    }
  }
  return { width, height, data };
}

/** A rectangle of the image, given as fractions of its width and height. */
export function crop(image: Raster, fx: number, fy: number, fw: number, fh: number): Raster {
  const x0 = Math.floor(image.width * fx);
  const y0 = Math.floor(image.height * fy);
  const width = Math.max(1, Math.floor(image.width * fw));
  const height = Math.max(1, Math.floor(image.height * fh));
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const from = ((y0 + y) * image.width + x0) * 4;
    data.set(image.data.subarray(from, from + width * 4), y * width * 4);
  }
  return { width, height, data };
}

/** Where a slip's mini-QR usually is, as crops tried after the whole image: halves, then the centre and corners. */
const CROPS: readonly [number, number, number, number][] = [
  [0, 0.5, 1, 0.5],
  [0, 0, 1, 0.5],
  [0.2, 0.2, 0.6, 0.6],
  [0.5, 0.5, 0.5, 0.5],
  [0, 0.5, 0.5, 0.5],
  [0.5, 0, 0.5, 0.5],
  [0, 0, 0.5, 0.5],
];

/**
 * The text of the first QR found in the image: the whole image at two scales, then crops where slips put the
 * mini-QR (a QR small in a large photo is found in a crop). Null when none reads. Bounded work whatever the input.
 */
export function findQrText(image: Raster): string | null {
  const read = (r: Raster) => jsQR(r.data, r.width, r.height, { inversionAttempts: 'attemptBoth' });
  const large = downscale(image, 1600);
  const attempts: (() => Raster)[] = [
    () => large,
    () => downscale(image, 800),
    ...CROPS.map(
      ([x, y, w, h]) =>
        () =>
          downscale(crop(large, x, y, w, h), 1000),
    ),
  ];
  for (const attempt of attempts) {
    const found = read(attempt());
    if (found && found.data.length > 0) return found.data;
  }
  return null;
}
