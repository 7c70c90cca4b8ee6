import { randomBytes } from 'node:crypto';
import type { SandboxContext } from '../lib/context.ts';

export const OTP_VALIDITY_MS = 5 * 60_000;
export const SMS_TIMEOUT_HANG_MS = 65_000;
const OUTBOX_LIMIT = 1000;

export const SMS_MODES = ['ok', 'error', 'timeout'] as const;
export type SmsMode = (typeof SMS_MODES)[number];

export type SmsMessage = {
  id: string;
  phone: string;
  message: string;
  /** The one-time code; empty for a notice. */
  code: string;
  refno: string;
  sentAt: string;
};

type OtpToken = { phone: string; pin: string; refno: string; expiresAt: number; isUsed: boolean };

export type VerifyResult = 'success' | 'CODE_INVALID' | 'TOKEN_EXPIRED' | 'TOKEN_NOT_FOUND';

const MSISDN = /^\+?\d{8,15}$/;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function isValidMsisdn(value: unknown): value is string {
  return typeof value === 'string' && MSISDN.test(value.trim());
}

/**
 * Whether two phone numbers name the same line: the gateway may be given 0812345678 or 66812345678 or
 * +66812345678, and a person reading the outbox types whichever they know.
 */
export function isSamePhone(a: string, b: string): boolean {
  const x = a.replace(/\D/g, '').replace(/^0+/, '');
  const y = b.replace(/\D/g, '').replace(/^0+/, '');
  if (x.length < 8 || y.length < 8) return x === y && x.length > 0;
  return x.endsWith(y) || y.endsWith(x);
}

export function createSmsStore(ctx: SandboxContext) {
  const tokens = new Map<string, OtpToken>();
  const outbox: SmsMessage[] = [];
  let mode: SmsMode = 'ok';
  let sequence = 0;

  const addToOutbox = (entry: Omit<SmsMessage, 'id' | 'sentAt'>) => {
    sequence += 1;
    outbox.unshift({ id: String(sequence), ...entry, sentAt: new Date(ctx.now()).toISOString() });
    outbox.length = Math.min(outbox.length, OUTBOX_LIMIT);
  };

  const digit = () => String(Math.floor(ctx.random() * 10));
  const letter = () => LETTERS[Math.floor(ctx.random() * LETTERS.length)] ?? 'A';

  return {
    getMode: () => mode,
    setMode(next: SmsMode) {
      mode = next;
    },

    request(msisdn: string): { token: string; refno: string } {
      const phone = msisdn.trim();
      const pin = Array.from({ length: 6 }, digit).join('');
      const refno = Array.from({ length: 4 }, letter).join('');
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, {
        phone,
        pin,
        refno,
        expiresAt: ctx.now() + OTP_VALIDITY_MS,
        isUsed: false,
      });
      addToOutbox({
        phone,
        message: `Mekong Wallet: your code is ${pin} (Ref: ${refno}). It expires in 5 minutes.`,
        code: pin,
        refno,
      });
      return { token, refno };
    },

    /** A plain message (a notice to the member): lands in the outbox without a code. */
    send(msisdn: string, message: string): void {
      addToOutbox({ phone: msisdn.trim(), message, code: '', refno: '' });
    },

    verify(token: string, pin: string): VerifyResult {
      const entry = tokens.get(token);
      if (!entry) return 'TOKEN_NOT_FOUND';
      // A used code is as dead as an expired one: a real gateway never confirms the same code twice.
      if (entry.isUsed || ctx.now() >= entry.expiresAt) return 'TOKEN_EXPIRED';
      if (pin !== entry.pin) return 'CODE_INVALID';
      entry.isUsed = true;
      return 'success';
    },

    /** Newest first; every message when no phone is given. */
    list(phone?: string): SmsMessage[] {
      return phone ? outbox.filter((m) => isSamePhone(m.phone, phone)) : [...outbox];
    },

    clear() {
      outbox.length = 0;
      tokens.clear();
      mode = 'ok';
    },
  };
}

export type SmsStore = ReturnType<typeof createSmsStore>;
