/**
 * The receipt of a statement row drawn on a canvas and saved as a PNG (issue 9: "save image", "share"): plain
 * Canvas 2D with the page's own fonts, no library. The bank app a member sends it to only needs a picture.
 */
import { themeColor } from '@/lib/image-file';

export type ReceiptTone = 'in' | 'out' | 'neutral';
export type ReceiptStatusKind = 'success' | 'failed' | 'progress';

export type ReceiptPicture = {
  brand: string;
  title: string;
  amount: string;
  tone: ReceiptTone;
  status: { text: string; kind: ReceiptStatusKind };
  fields: { label: string; value: string }[];
  note: string | null;
  footer: string;
};

/** The image is 360 CSS px wide, drawn at 3× so it stays sharp when zoomed in a chat or a gallery. */
const WIDTH = 360;
const SCALE = 3;
const PAD = 22;

type Colors = Record<'brand' | 'text' | 'muted' | 'border' | 'success' | 'danger' | 'progress' | 'surface' | 'soft', string>;

function cssColors(): Colors {
  const read = themeColor;
  return {
    brand: read('--brand', '#26308a'),
    text: read('--text', '#151936'),
    muted: read('--muted', '#5f6585'),
    border: read('--border', '#e2e5f0'),
    success: read('--success', '#15915a'),
    danger: read('--danger', '#d1343f'),
    progress: '#8a5a00',
    surface: '#ffffff',
    soft: read('--bg', '#f2f3f8'),
  };
}

const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'word' }) : null;

/** A piece wider than a line: split between words where the script has no spaces (Thai, Lao), else by characters. */
function splitWide(piece: string): string[] {
  return segmenter ? Array.from(segmenter.segment(piece), (s) => s.segment) : Array.from(piece);
}

/**
 * Breaks text into lines no wider than `width`: at spaces (a no-break space holds "SCB ···7890" together), then
 * between the words of Thai and Lao, and a single word longer than the line (an id) by characters.
 */
export function wrapText(measure: (text: string) => number, text: string, width: number): string[] {
  const words = text.split(/(?<=[ \t\n])/);
  const pieces = words.flatMap((word) => (measure(word.trimEnd()) > width ? splitWide(word) : [word]));
  const lines: string[] = [];
  let line = '';
  for (const piece of pieces) {
    if (line === '' || measure((line + piece).trimEnd()) <= width) {
      line += piece;
      while (measure(line.trimEnd()) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && measure(line.slice(0, cut)) > width) cut -= 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    } else {
      lines.push(line.trimEnd());
      line = piece.trimStart();
    }
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines;
}

const BAND = 78;
const CARD_TOP = 94;
const FOOTER_LINE = 18;

/**
 * The card's content (amount, status, fields, note) from CARD_TOP down; with `isDrawing` false it only measures.
 * Answers where the card ends.
 */
function paintContent(ctx: CanvasRenderingContext2D, r: ReceiptPicture, font: string, colors: Colors, isDrawing: boolean): number {
  const setFont = (size: number, weight = 400) => {
    ctx.font = `${weight} ${size}px ${font}`;
  };
  const measure = (value: string) => ctx.measureText(value).width;
  const text = (value: string, x: number, y: number, align: CanvasTextAlign = 'left') => {
    if (!isDrawing) return;
    ctx.textAlign = align;
    ctx.fillText(value, x, y);
  };
  const inner = WIDTH - PAD * 2;
  let y = CARD_TOP + 46;

  if (isDrawing) ctx.fillStyle = r.tone === 'in' ? colors.success : r.tone === 'out' ? colors.danger : colors.text;
  setFont(30, 700);
  text(r.amount, WIDTH / 2, y, 'center');
  y += 16;
  setFont(13, 700);
  const pillWidth = measure(r.status.text) + 28;
  if (isDrawing) {
    ctx.fillStyle = r.status.kind === 'success' ? colors.success : r.status.kind === 'failed' ? colors.danger : colors.progress;
    ctx.beginPath();
    ctx.roundRect((WIDTH - pillWidth) / 2, y, pillWidth, 26, 13);
    ctx.fill();
    ctx.fillStyle = '#ffffff';
  }
  text(r.status.text, WIDTH / 2, y + 18, 'center');
  y += 26 + 20;

  if (isDrawing) {
    ctx.strokeStyle = colors.border;
    ctx.setLineDash([5, 4]);
    ctx.beginPath();
    ctx.moveTo(PAD + 12, y);
    ctx.lineTo(WIDTH - PAD - 12, y);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  y += 8;

  // The labels take what the longest needs (at most 40%), the values the rest: a reference stays on one line.
  setFont(13, 400);
  const labelWidth = Math.min(inner * 0.4, Math.max(0, ...r.fields.map((f) => measure(f.label))));
  const valueWidth = inner - 24 - labelWidth - 16;
  const lineHeight = 21;
  for (const field of r.fields) {
    setFont(13, 400);
    const labels = wrapText(measure, field.label, labelWidth);
    if (isDrawing) ctx.fillStyle = colors.muted;
    const rowTop = y + 12;
    labels.forEach((line, i) => text(line, PAD + 12, rowTop + 15 + i * lineHeight));
    setFont(14, 600);
    const values = wrapText(measure, field.value, valueWidth);
    if (isDrawing) ctx.fillStyle = colors.text;
    values.forEach((line, i) => text(line, WIDTH - PAD - 12, rowTop + 15 + i * lineHeight, 'right'));
    y = rowTop + Math.max(labels.length, values.length) * lineHeight;
  }
  y += 16;

  if (r.note) {
    setFont(13, 400);
    const lines = wrapText(measure, r.note, inner - 48);
    const boxHeight = lines.length * 20 + 16;
    if (isDrawing) {
      ctx.fillStyle = r.status.kind === 'failed' ? '#fdecee' : '#fff5dc';
      ctx.beginPath();
      ctx.roundRect(PAD + 12, y, inner - 24, boxHeight, 10);
      ctx.fill();
      ctx.fillStyle = colors.text;
    }
    lines.forEach((line, i) => text(line, PAD + 24, y + 22 + i * 20));
    y += boxHeight + 14;
  }
  return y;
}

function footerLines(ctx: CanvasRenderingContext2D, r: ReceiptPicture, font: string): string[] {
  ctx.font = `400 12px ${font}`;
  return wrapText((s) => ctx.measureText(s).width, r.footer, WIDTH - PAD * 2);
}

/** The receipt as a PNG file, drawn with the page's fonts once they are loaded. */
export async function receiptPng(r: ReceiptPicture, fileName: string): Promise<File> {
  await document.fonts?.ready;
  const font = getComputedStyle(document.body).fontFamily || 'sans-serif';
  const colors = cssColors();
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.textBaseline = 'alphabetic';
  const cardBottom = paintContent(ctx, r, font, colors, false);
  const footer = footerLines(ctx, r, font);
  const height = Math.ceil(cardBottom + 14 + footer.length * FOOTER_LINE + PAD);

  canvas.width = WIDTH * SCALE;
  canvas.height = height * SCALE;
  ctx.scale(SCALE, SCALE);
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = colors.soft;
  ctx.fillRect(0, 0, WIDTH, height);
  ctx.fillStyle = colors.brand;
  ctx.fillRect(0, 0, WIDTH, BAND);
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'left';
  ctx.font = `700 18px ${font}`;
  ctx.fillText(r.brand, PAD, 36);
  ctx.font = `400 14px ${font}`;
  ctx.fillText(r.title, PAD, 60);
  ctx.fillStyle = colors.surface;
  ctx.beginPath();
  ctx.roundRect(PAD, CARD_TOP, WIDTH - PAD * 2, cardBottom - CARD_TOP, 16);
  ctx.fill();
  paintContent(ctx, r, font, colors, true);
  ctx.font = `400 12px ${font}`;
  ctx.fillStyle = colors.muted;
  ctx.textAlign = 'center';
  footer.forEach((line, i) => ctx.fillText(line, WIDTH / 2, cardBottom + 26 + i * FOOTER_LINE));

  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('no image');
  return new File([blob], fileName, { type: 'image/png' });
}
