import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answerCall, answerMoneyCall, error, ok, send } from '../lib/answer.ts';
import { requireBearer } from '../lib/auth.ts';
import { CURRENCIES } from '../lib/currencies.ts';
import type { SandboxContext } from '../lib/context.ts';
import { registerFaultControls } from '../lib/fault-controls.ts';
import { SLIP_TRANS_REF } from '@mekong/contracts/slip-qr';
import { escapeHtml, isFormPost, sendPage, sendRefusalPage } from '../lib/html.ts';
import type { SlipStore } from '../slip/slip.store.ts';
import { sendMemberTransfer } from './bank-slip-link.ts';
import {
  type BankStore,
  type IncomingTransfer,
} from './bank.store.ts';
import { majorText } from '../lib/money.ts';

const amountMinor = z.number().int().positive().max(1e13);
const bankCode = z.string().regex(/^[A-Z0-9]{2,10}$/);
const accountNo = z.string().regex(/^\d{6,20}$/);
const payoutBody = z.object({
  reference: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/),
  bankCode,
  accountNo,
  accountName: z.string().max(100).optional(),
  amountMinor,
  currency: z.enum(CURRENCIES).optional(),
});
const creditBody = z.strictObject({
  bankCode,
  accountNo,
  accountName: z.string().max(100).optional(),
  toBankCode: bankCode.optional(),
  toAccountNo: accountNo.optional(),
  toAccountName: z.string().trim().min(1).max(100).optional(),
  amountMinor,
  currency: z.enum(CURRENCIES).optional(),
  transRef: z.string().regex(SLIP_TRANS_REF).optional(),
});
const forgetBody = z.strictObject({ reference: z.string().min(1).max(100) });
const rejectAccountNosSchema = z.array(z.string()).max(10_000);

/** Turns the index page's form (amount in baht, strings) into the JSON call's shape. */
function fromForm(form: Record<string, string>) {
  const amount = (form.amount ?? '').trim();
  const [whole = '', fraction = ''] = amount.split('.');
  const isAmount = /^\d+(\.\d{1,2})?$/.test(amount);
  return {
    bankCode: (form.bankCode ?? '').trim().toUpperCase(),
    accountNo: (form.accountNo ?? '').replace(/\D/g, ''),
    ...(form.toAccountNo ? { toAccountNo: form.toAccountNo.replace(/\D/g, '') } : {}),
    amountMinor: isAmount ? Number(whole) * 100 + Number(fraction.padEnd(2, '0')) : NaN,
  };
}

/** The bank: payouts with the caller's reference and a feed of incoming transfers; sandbox controls beside. */
export function bankRoutes(ctx: SandboxContext, store: BankStore, slips: SlipStore) {
  return async (app: FastifyInstance) => {
    await app.register(async (api) => {
      api.addHook('preHandler', requireBearer(ctx.secrets.BANK_API_KEY));

      api.post('/bank/payouts', async (request, reply) => {
        const parsed = payoutBody.safeParse(request.body);
        if (!parsed.success)
          return send(
            reply,
            error(400, 'INVALID_PARAMS', { field: parsed.error.issues[0]?.path.join('.') }),
          );
        return answerMoneyCall(ctx, store.rawFaults(), reply, (isRejected) =>
          store.payout(parsed.data, isRejected),
        );
      });

      // Never faulted beyond latency: it is how the caller settles an unknown outcome.
      api.get('/bank/payouts/:reference', async (request) => {
        const faults = store.rawFaults();
        if (faults.latencyMs > 0) await ctx.hangs.wait(faults.latencyMs);
        return store.payoutStatus((request.params as { reference: string }).reference);
      });

      api.get('/bank/incoming', async (request, reply) => {
        const { cursor } = request.query as { cursor?: string };
        return answerCall(ctx, store.rawFaults(), reply, () => ok(store.incomingAfter(cursor)));
      });
    });

    app.post('/sandbox/bank/credit-member', async (request, reply) => {
      const isForm = isFormPost(request);
      const input = isForm ? fromForm(request.body as Record<string, string>) : request.body;
      const parsed = creditBody.safeParse(input);
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path.join('.') ?? '';
        if (!isForm) return send(reply, error(400, 'INVALID_PARAMS', { field }));
        return sendPage(
          reply,
          400,
          'Not credited',
          `<h1>Not credited</h1><p>Check ${escapeHtml(field)}.</p>`,
        );
      }
      const answer = sendMemberTransfer(store, slips, parsed.data);
      if (!isForm) return send(reply, answer);
      if (answer.httpStatus !== 200) return sendRefusalPage(reply, answer, 'Not credited');
      const transfer = answer.body.transfer as IncomingTransfer;
      const slipUrl = answer.body.slipUrl as string | null;
      return sendPage(
        reply,
        200,
        'Transfer sent',
          `<h1>Transfer sent</h1><p>${escapeHtml(majorText(transfer.amountMinor))} ${escapeHtml(transfer.currency)} from
${escapeHtml(transfer.fromBankCode)} ${escapeHtml(transfer.fromAccountNo)} is in the bank feed (reference
${escapeHtml(transfer.reference)}, transaction ${escapeHtml(transfer.transRef ?? '')}). The server credits the member whose
registered account this is.</p>${
            slipUrl
              ? `<p>Its slip (the same transfer: uploading it after the feed credited it is a duplicate):
<a href="${escapeHtml(slipUrl)}" download>slip.png</a></p>`
              : ''
          }`,
      );
    });

    app.get('/sandbox/bank/payouts', async () => store.listPayouts());
    app.post('/sandbox/bank/payouts/forget', async (request, reply) => {
      const parsed = forgetBody.safeParse(request.body);
      if (!parsed.success) return send(reply, error(400, 'INVALID_PARAMS'));
      if (!store.forgetPayout(parsed.data.reference))
        return send(reply, error(404, 'NOT_FOUND', { reference: parsed.data.reference }));
      return { status: 'success', reference: parsed.data.reference };
    });
    app.get('/sandbox/bank/incoming', async () => store.listIncoming());
    registerFaultControls(app, '/sandbox/bank', store, {
      name: 'rejectAccountNos',
      schema: rejectAccountNosSchema,
    });
  };
}
