import { statusOf, type MessageCode } from '@mekong/contracts/messages';

/** A failure the client is told about: answered as `{ message: code }` with the catalogue status (D11). */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: MessageCode;
  readonly statusCode: number;

  constructor(code: MessageCode, options?: { cause?: unknown }) {
    super(code, options);
    this.code = code;
    this.statusCode = statusOf(code);
  }
}
