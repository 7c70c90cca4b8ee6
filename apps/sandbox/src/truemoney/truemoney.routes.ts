import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { error, ok, send } from '../lib/answer.ts';
import type { SandboxContext } from '../lib/context.ts';
import { pickOutcome } from '../lib/faults.ts';
import { registerFaultControls } from '../lib/fault-controls.ts';
import { escapeHtml, isFormPost, sendPage } from '../lib/html.ts';
import type { TrueMoneyAnswer, TrueMoneyStore } from './truemoney.store.ts';
import { majorText } from '../lib/money.ts';

const voucherBody = z.strictObject({
  ownerPhone: z.string().min(1).max(20),
  ownerName: z.string().trim().min(1).max(100).optional(),
  amountMinor: z.number().int().positive().max(1e11),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  hash: z.string().optional(),
});

const trueMoneyError = (httpStatus: number, code: string): TrueMoneyAnswer => ({
  httpStatus,
  body: { status: { code, message: code }, data: null },
});

function fromForm(form: Record<string, string>) {
  const amount = (form.amount ?? '').trim();
  const [whole = '', fraction = ''] = amount.split('.');
  const isAmount = /^\d+(\.\d{1,2})?$/.test(amount);
  return {
    ownerPhone: (form.ownerPhone ?? '').trim(),
    ...(form.ownerName?.trim() ? { ownerName: form.ownerName.trim() } : {}),
    amountMinor: isAmount ? Number(whole) * 100 + Number(fraction.padEnd(2, '0')) : NaN,
  };
}

export const voucherForm = `<form method="post" action="/sandbox/truemoney/vouchers">
<label>Owner phone <input name="ownerPhone" inputmode="numeric" size="12" required></label>
<label>name <input name="ownerName" value="SOMCHAI JAIDEE" size="18"></label>
<label>Amount <input name="amount" inputmode="decimal" value="100" size="8" required></label>
<button type="submit">Make gift link</button>
</form>`;

/** TrueMoney's gift voucher redemption (docs/design.md#outside-parties; no key, like the real one) and the sandbox controls. */
export function trueMoneyRoutes(ctx: SandboxContext, store: TrueMoneyStore) {
  return async (app: FastifyInstance) => {
    app.post('/campaign/vouchers/:hash/redeem', async (request, reply) => {
      const { hash } = request.params as { hash: string };
      const body = (request.body ?? {}) as { mobile?: unknown; voucher_hash?: unknown };
      const faults = store.rawFaults();
      if (faults.latencyMs > 0) await ctx.hangs.wait(faults.latencyMs);
      // The same unknown outcomes as other money calls, in TrueMoney's answer shape.
      const outcome = pickOutcome(faults, ctx.random, true);
      const respond = (a: TrueMoneyAnswer) => reply.code(a.httpStatus).send(a.body);
      switch (outcome) {
        case 'ok':
          return respond(store.redeem(hash, body));
        case 'fail':
          return respond(store.redeem(hash, body, true));
        case 'error-after':
          store.redeem(hash, body);
          return respond(trueMoneyError(500, 'INTERNAL_ERROR'));
        case 'error-before':
          return respond(trueMoneyError(500, 'INTERNAL_ERROR'));
        case 'timeout-after':
          store.redeem(hash, body);
          await ctx.hangs.wait(faults.hangMs);
          return respond(trueMoneyError(504, 'GATEWAY_TIMEOUT'));
        case 'timeout-before':
          await ctx.hangs.wait(faults.hangMs);
          return respond(trueMoneyError(504, 'GATEWAY_TIMEOUT'));
      }
    });

    app.post('/sandbox/truemoney/vouchers', async (request, reply) => {
      const form = isFormPost(request);
      const parsed = voucherBody.safeParse(
        form ? fromForm(request.body as Record<string, string>) : request.body,
      );
      const created = parsed.success
        ? store.create(parsed.data)
        : { field: parsed.error.issues[0]?.path.join('.') ?? '' };
      if ('field' in created) {
        if (!form) return send(reply, error(400, 'INVALID_PARAMS', { field: created.field }));
        return sendPage(
          reply,
          400,
          'No voucher',
          `<h1>No voucher</h1><p>Check ${escapeHtml(created.field)}.</p>`,
        );
      }
      const { voucher } = created;
      if (!form) return send(reply, ok({ voucher, link: voucher.link }));
      return sendPage(
        reply,
        200,
        'Gift link',
        `<h1>Gift link made</h1>
<p>${escapeHtml(majorText(voucher.amountMinor))} THB from ${escapeHtml(voucher.ownerPhone)}. Paste this link in the
wallet’s deposit window:</p>
<p><input readonly size="70" value="${escapeHtml(voucher.link)}" onclick="this.select()"></p>`,
      );
    });
    app.get('/sandbox/truemoney/vouchers', async () => store.list());

    registerFaultControls(app, '/sandbox/truemoney', store, {
      name: 'unknownMobiles',
      schema: z.array(z.string()).max(10_000),
    });
  };
}
