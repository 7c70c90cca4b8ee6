import { SANDBOX_URL } from './urls.ts';

export type OutboxMessage = {
  id: string;
  phone: string;
  message: string;
  code: string;
  refno: string;
  sentAt: string;
};

export async function readOutbox(phone: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${SANDBOX_URL}/sms/outbox?phone=${encodeURIComponent(phone)}`);
  if (!res.ok) throw new Error(`sandbox outbox answered ${res.status}`);
  return (await res.json()) as OutboxMessage[];
}

/**
 * The one-time code last sent to `phone`, polling the sandbox's outbox until it arrives.
 * Pass `refno` (the reference the page shows) to wait for that exact message when a phone got several codes.
 */
export async function readOtp(
  phone: string,
  opts: { refno?: string; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  for (;;) {
    const messages = await readOutbox(phone);
    const message = opts.refno ? messages.find((m) => m.refno === opts.refno) : messages[0];
    if (message) return message.code;
    if (Date.now() > deadline) {
      throw new Error(
        `no SMS for ${phone}${opts.refno ? ` with reference ${opts.refno}` : ''} in the sandbox outbox`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Switches the sandbox SMS gateway: 'ok', 'error' (answers 500) or 'timeout' (hangs 65 s). Switch back in finally. */
export async function setSmsMode(mode: 'ok' | 'error' | 'timeout'): Promise<void> {
  const res = await fetch(`${SANDBOX_URL}/sandbox/sms/mode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  if (!res.ok) throw new Error(`sandbox SMS mode answered ${res.status}`);
}
