import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '@mekong/sandbox/app';
import {
  BankGatewayError,
  type BankGateway,
  type PayoutRequest,
} from '@/adapters/bank/bank-gateway.ts';
import { createHttpBankGateway } from '@/adapters/bank/http-bank-gateway.ts';

let sandbox: FastifyInstance;
let base: string;
let bank: BankGateway;
/** Gives up after 200 ms, for the time-out case (the sandbox hangs far longer). */
let impatient: BankGateway;

beforeAll(async () => {
  sandbox = await buildSandbox();
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const address = sandbox.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  bank = createHttpBankGateway({
    baseUrl: `${base}/bank`,
    apiKey: 'sandbox-bank-key',
    timeoutMs: 10_000,
  });
  impatient = createHttpBankGateway({
    baseUrl: `${base}/bank`,
    apiKey: 'sandbox-bank-key',
    timeoutMs: 200,
  });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  await control('/sandbox/bank/faults/clear', {});
});

async function control(path: string, body: object) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

let counter = 0;
function payout(overrides: Partial<PayoutRequest> = {}): PayoutRequest {
  counter += 1;
  return {
    reference: `ref-${counter}`,
    bankCode: 'SCB',
    accountNo: '1234567890',
    accountName: 'SOMCHAI JAIDEE',
    amountMinor: 1_000_00n,
    currency: 'THB',
    ...overrides,
  };
}

describe('HTTP bank gateway', () => {
  it('classifies a paid payout as success, and its status too', async () => {
    const p = payout();
    expect(await bank.payout(p)).toEqual({ kind: 'success' });
    expect(await bank.payout(p)).toEqual({ kind: 'success' });
    // The status carries the amount the bank paid (the reconciliation compares it with the ledger).
    expect(await bank.payoutStatus(p.reference)).toEqual({
      kind: 'success',
      amountMinor: p.amountMinor,
    });
    expect(await bank.payoutStatus('never-sent')).toEqual({ kind: 'not_found' });
  });

  it('classifies a refusal as a definite failure with the bank code', async () => {
    await control('/sandbox/bank/faults', { rejectAccountNos: ['5555555555'] });
    const p = payout({ accountNo: '5555555555' });
    expect(await bank.payout(p)).toEqual({ kind: 'failed', code: 'ACCOUNT_CLOSED' });
    expect(await bank.payoutStatus(p.reference)).toEqual({
      kind: 'failed',
      code: 'ACCOUNT_CLOSED',
    });
    // Bad parameters: the bank did nothing and never will for this request.
    expect(await bank.payout(payout({ bankCode: 'x' }))).toEqual({
      kind: 'failed',
      code: 'INVALID_PARAMS',
    });
  });

  it('classifies 5xx, time-outs and a reference conflict as unknown', async () => {
    await control('/sandbox/bank/faults', {
      nextOutcomes: ['error-after', 'timeout-before'],
      hangMs: 30_000,
    });
    const late = payout();
    expect((await bank.payout(late)).kind).toBe('unknown');
    expect(await bank.payoutStatus(late.reference)).toEqual({
      kind: 'success',
      amountMinor: late.amountMinor,
    });
    const hung = payout();
    expect((await impatient.payout(hung)).kind).toBe('unknown');
    expect(await bank.payoutStatus(hung.reference)).toEqual({ kind: 'not_found' });
    // The same reference with another amount: something was paid under it, so never "failed".
    expect((await bank.payout({ ...late, amountMinor: 1n })).kind).toBe('unknown');
  });

  it('answers unknown when the bank cannot be reached, and the feed throws', async () => {
    const down = createHttpBankGateway({
      baseUrl: 'http://127.0.0.1:9/bank',
      apiKey: 'k',
      timeoutMs: 300,
    });
    expect((await down.payout(payout())).kind).toBe('unknown');
    expect((await down.payoutStatus('x')).kind).toBe('unknown');
    await expect(down.incoming(null)).rejects.toBeInstanceOf(BankGatewayError);
  });

  it('treats a wrong key as a definite refusal', async () => {
    const wrongKey = createHttpBankGateway({
      baseUrl: `${base}/bank`,
      apiKey: 'nope',
      timeoutMs: 10_000,
    });
    expect(await wrongKey.payout(payout())).toEqual({ kind: 'failed', code: 'UNAUTHORIZED' });
  });

  it('reads the incoming feed with its cursor, amounts as bigint', async () => {
    await control('/sandbox/bank/credit-member', {
      bankCode: 'KBANK',
      accountNo: '2222222222',
      amountMinor: 12_345,
    });
    const first = await bank.incoming(null);
    expect(first.transfers).toEqual([
      expect.objectContaining({
        fromBankCode: 'KBANK',
        fromAccountNo: '2222222222',
        amountMinor: 12_345n,
        currency: 'THB',
        receivedAt: expect.any(Date),
      }),
    ]);
    expect((await bank.incoming(first.cursor)).transfers).toEqual([]);
  });
});
