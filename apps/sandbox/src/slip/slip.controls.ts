import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SLIP_TRANS_REF } from '@mekong/contracts/slip-qr';
import { error, ok, send } from '../lib/answer.ts';
import { registerFaultControls } from '../lib/fault-controls.ts';
import { escapeHtml, isFormPost, sendPage, sendRefusalPage } from '../lib/html.ts';
import { sendMemberTransfer, slipUrlOf } from '../bank/bank-slip-link.ts';
import type { BankStore } from '../bank/bank.store.ts';
import { renderQrPng } from './slip.image.ts';
import { findThaiBank } from './thai-banks.ts';
import type { KnownTransfer, SlipStore } from './slip.store.ts';
import { majorText } from '../lib/money.ts';

const partyBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  bankCode: z.string().min(1).max(10),
  accountNo: z.string().regex(/^\d{6,20}$/),
});
const transferBody = z.strictObject({
  transRef: z.string().regex(SLIP_TRANS_REF).optional(),
  amountMinor: z.number().int().positive().max(1e13),
  date: z.iso.datetime({ offset: true }).optional(),
  sender: partyBody,
  receiver: partyBody,
  delayedTimes: z.number().int().min(0).max(100).optional(),
  /** Also report the transfer in the operator's bank feed (the same transaction, as a real bank would). */
  alsoInBankFeed: z.boolean().optional(),
});
const qrImageBody = z.strictObject({
  text: z.string().min(1).max(1000),
  size: z.number().int().min(100).max(2000).optional(),
});


/** Turns the index page's form (amount in baht, minutes ago) into the JSON call's shape. */
function fromForm(form: Record<string, string>, now: number) {
  const amount = (form.amount ?? '').trim();
  const [whole = '', fraction = ''] = amount.split('.');
  const isAmount = /^\d+(\.\d{1,2})?$/.test(amount);
  const minutesAgo = Number(form.minutesAgo || 0);
  return {
    amountMinor: isAmount ? Number(whole) * 100 + Number(fraction.padEnd(2, '0')) : NaN,
    date: new Date(now - (Number.isFinite(minutesAgo) ? minutesAgo : 0) * 60_000).toISOString(),
    sender: {
      name: form.senderName ?? '',
      bankCode: form.senderBank ?? '',
      accountNo: (form.senderAccountNo ?? '').replace(/\D/g, ''),
    },
    receiver: {
      name: form.receiverName ?? '',
      bankCode: form.receiverBank ?? '',
      accountNo: (form.receiverAccountNo ?? '').replace(/\D/g, ''),
    },
  };
}

export const transferForm = `<form method="post" action="/sandbox/slip/transfers">
<p><label>From bank <input name="senderBank" value="SCB" size="6" required></label>
<label>account no. <input name="senderAccountNo" inputmode="numeric" size="14" required></label>
<label>name <input name="senderName" value="SOMCHAI JAIDEE" size="18" required></label></p>
<p><label>To bank <input name="receiverBank" value="KBANK" size="6" required></label>
<label>account no. <input name="receiverAccountNo" inputmode="numeric" size="14" value="1423096718" required></label>
<label>name <input name="receiverName" value="MEKONG WALLET CO" size="18" required></label></p>
<p><label>Amount <input name="amount" inputmode="decimal" value="500" size="8" required></label>
<label>minutes ago <input name="minutesAgo" inputmode="numeric" value="0" size="4"></label>
<button type="submit">Make transfer and slip</button></p>
</form>`;

/** Sandbox-only controls of the slip verifier: make known transfers and their slip images, faults. */
export function slipControls(ctx: { now: () => number }, store: SlipStore, bank: BankStore) {
  /** The transfer through the bank (feed and slip verifier), answered like a plain slip transfer. */
  const createInBoth = (input: z.infer<typeof transferBody>) => {
    if (input.date || input.delayedTimes)
      return error(400, 'INVALID_PARAMS', { field: input.date ? 'date' : 'delayedTimes' });
    for (const side of ['sender', 'receiver'] as const)
      if (!findThaiBank(input[side].bankCode))
        return error(400, 'INVALID_PARAMS', { field: `${side}.bankCode` });
    const sent = sendMemberTransfer(bank, store, {
      bankCode: input.sender.bankCode,
      accountNo: input.sender.accountNo,
      accountName: input.sender.name,
      toBankCode: input.receiver.bankCode,
      toAccountNo: input.receiver.accountNo,
      toAccountName: input.receiver.name,
      amountMinor: input.amountMinor,
      transRef: input.transRef,
    });
    if (sent.httpStatus !== 200) return sent;
    const transfer = store.get(String(sent.body.transRef));
    if (!transfer) throw new Error('the transfer was not made with a slip');
    return ok({
      transfer,
      slipPngBase64: store.slipPng(transfer).toString('base64'),
      bankTransfer: sent.body.transfer,
    });
  };

  return async (app: FastifyInstance) => {
    app.post('/sandbox/slip/transfers', async (request, reply) => {
      const form = isFormPost(request);
      const input = form
        ? fromForm(request.body as Record<string, string>, ctx.now())
        : request.body;
      const parsed = transferBody.safeParse(input);
      const answer = !parsed.success
        ? error(400, 'INVALID_PARAMS', { field: parsed.error.issues[0]?.path.join('.') })
        : parsed.data.alsoInBankFeed
          ? createInBoth(parsed.data)
          : store.create(parsed.data);
      if (!form) return send(reply, answer);
      if (answer.httpStatus !== 200) return sendRefusalPage(reply, answer, 'No slip');
      const transfer = answer.body.transfer as KnownTransfer;
      const src = slipUrlOf(transfer.transRef);
      return sendPage(
        reply,
        200,
        'Slip',
        `<h1>Slip ready</h1>
<p>Transfer <code>${escapeHtml(transfer.transRef)}</code> of ${escapeHtml(majorText(transfer.amountMinor))} THB is known to the
slip verifier. Download the image and upload it in the wallet’s deposit window.</p>
<p><a href="${src}" download="slip-${escapeHtml(transfer.transRef)}.png">Download slip.png</a></p>
<img src="${src}" alt="slip" width="300" style="border:1px solid #ccc">`,
      );
    });

    app.get('/sandbox/slip/transfers', async () => store.list());
    app.get('/sandbox/slip/transfers/:transRef', async (request, reply) => {
      const transfer = store.get((request.params as { transRef: string }).transRef);
      return transfer ?? send(reply, error(404, 'TRANSACTION_NOT_FOUND'));
    });
    app.get('/sandbox/slip/transfers/:transRef/slip.png', async (request, reply) => {
      const transfer = store.get((request.params as { transRef: string }).transRef);
      if (!transfer) return send(reply, error(404, 'TRANSACTION_NOT_FOUND'));
      return reply.type('image/png').send(store.slipPng(transfer));
    });

    app.post('/sandbox/slip/qr-image', async (request, reply) => {
      const parsed = qrImageBody.safeParse(request.body);
      if (!parsed.success) return send(reply, error(400, 'INVALID_PARAMS'));
      return send(
        reply,
        ok({ pngBase64: renderQrPng(parsed.data.text, parsed.data.size).toString('base64') }),
      );
    });

    registerFaultControls(app, '/sandbox/slip', store, {
      name: 'delayedBanks',
      schema: z
        .array(z.string().regex(/^\d{3}$/))
        .max(100),
    });
  };
}
