/**
 * The QR as a picture the member keeps in the phone's gallery, so a banking app on the same phone can scan it
 * ("scan from photo"): the QR, the amount to pay, the payment reference and until when it can be paid.
 */
import { themeColor } from '@/lib/image-file';

export type QrImageContent = {
  /** SVG markup of the QR (sanitized before it is drawn). */
  svg: string;
  title: string;
  amount: string;
  reference: string | null;
  referenceLabel: string;
  payBefore: string;
  brand: string;
};

/** e.g. qr-KBANK-100.00-Q4X9….png: what the gallery shows, unique per QR. */
export function qrImageFileName(provider: string, amount: number, reference: string | null): string {
  const parts = ['qr', provider, amount.toFixed(2), reference ?? ''].filter(Boolean);
  return `${parts.join('-').replace(/[^A-Za-z0-9.-]/g, '')}.png`;
}

const WIDTH = 600;
const HEIGHT = 760;
const QR_SIZE = 420;
/** Drawn at twice the size, so the QR's modules stay sharp when a banking app reads the photo. */
const SCALE = 2;

async function loadSvg(svg: string): Promise<HTMLImageElement> {
  const { default: DOMPurify } = await import('dompurify');
  const clean = DOMPurify.sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: true } });
  const url = URL.createObjectURL(new Blob([clean], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Draws the QR card and answers it as a PNG. */
export async function drawQrImage(content: QrImageContent): Promise<Blob> {
  const [image] = await Promise.all([loadSvg(content.svg), document.fonts.ready]);
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH * SCALE;
  canvas.height = HEIGHT * SCALE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  ctx.scale(SCALE, SCALE);
  const font = getComputedStyle(document.body).fontFamily;
  const brand = themeColor('--brand', '#26308a');
  const text = themeColor('--text', '#151936');
  const muted = themeColor('--muted', '#5f6585');

  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.fillStyle = brand;
  ctx.fillRect(0, 0, WIDTH, 64);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#ffffff';
  ctx.font = `700 26px ${font}`;
  ctx.fillText(content.brand, WIDTH / 2, 33, WIDTH - 40);

  ctx.fillStyle = text;
  ctx.font = `600 24px ${font}`;
  ctx.fillText(content.title, WIDTH / 2, 106, WIDTH - 40);
  ctx.fillStyle = brand;
  ctx.font = `800 48px ${font}`;
  ctx.fillText(content.amount, WIDTH / 2, 158, WIDTH - 40);

  const qrTop = 200;
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(image, (WIDTH - QR_SIZE) / 2, qrTop, QR_SIZE, QR_SIZE);

  ctx.fillStyle = text;
  ctx.font = `600 22px ${font}`;
  if (content.reference) ctx.fillText(`${content.referenceLabel} ${content.reference}`, WIDTH / 2, qrTop + QR_SIZE + 44, WIDTH - 40);
  ctx.fillStyle = muted;
  ctx.font = `500 20px ${font}`;
  ctx.fillText(content.payBefore, WIDTH / 2, qrTop + QR_SIZE + 84, WIDTH - 40);

  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'));
}
