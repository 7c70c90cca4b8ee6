// Runs in a worker thread, which has no `@/` path alias: relative imports only, and only modules free of them.
import { bufferOf } from '../../db/bytea.ts';
import { decodeImage, findQrText, type ImageType } from './slip-image.ts';

export type SlipReadTask = { bytes: Uint8Array; type: ImageType };
export type SlipReadResult = { kind: 'undecodable' } | { kind: 'read'; qrText: string | null };

/** Decodes the image and looks for its mini-QR: the CPU-heavy part of a slip upload, kept off the main thread. */
export default function readSlipImage(task: SlipReadTask): SlipReadResult {
  const image = decodeImage(bufferOf(task.bytes), task.type);
  return image ? { kind: 'read', qrText: findQrText(image) } : { kind: 'undecodable' };
}
