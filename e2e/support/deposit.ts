import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { QrProvider } from '@mekong/contracts/constants';
import type { DepositMethod } from '@mekong/contracts/deposit';
import type { DepositBank } from '@mekong/contracts/lookup';
import type { Api, TestMember } from './api.ts';
import { SANDBOX_URL } from './urls.ts';

/** The English copy of the deposit screens, straight from the app's locale file. */
export type DepositTexts = {
  deposit: Record<'minimum' | 'amountInvalid' | 'doneMessage' | 'qrAmount', string>;
  depositFlow: Record<'recommended' | 'imageSaved', string> & {
    paid: Record<'title' | 'newBalance', string>;
    held: Record<'title' | 'body', string>;
  };
  slip: Record<'failed', string> & {
    reasons: Record<'referenceDuplicated' | 'playerAccountMismatch', string>;
  };
  errors: Record<'TRUELINK_DUPLICATE', string>;
  statement: { status: Record<'success' | 'failed', string> };
};

export const depositEn = JSON.parse(
  readFileSync(new URL('../../apps/web/src/locales/en.json', import.meta.url), 'utf8'),
) as DepositTexts;

async function sandboxCall<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${SANDBOX_URL}${path}`, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`sandbox ${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

export type SandboxQrPayment = {
  provider: string;
  reference: string;
  amountMinor: number;
  status: string;
  createdAt: string;
};

/** Every payment the sandbox gateway of `provider` knows, newest first. */
export function qrPayments(provider: QrProvider): Promise<SandboxQrPayment[]> {
  return sandboxCall('GET', `/sandbox/qr/payments?provider=${provider}`);
}

export type QrPayAnswer = {
  status: string;
  data: {
    payment: { reference: string; status: string; paidAmountMinor: number };
    deliveries: { attempt: number; httpStatus: number | null; body?: unknown }[];
  };
};

/**
 * Pays a pending QR at the sandbox gateway, which then delivers its signed webhook to the server. `amountMinor`
 * pays another amount than the QR's (the server then keeps it for an operator).
 */
export function payQr(
  provider: QrProvider,
  reference: string,
  options: { amountMinor?: number } = {},
): Promise<QrPayAnswer> {
  return sandboxCall('POST', '/sandbox/qr/pay', { provider, reference, ...options });
}

/** The first listed operator deposit account in baht (GET /api/lookup/deposit). */
export async function operatorDepositAccount(api: Api): Promise<DepositBank> {
  const { banks } = await api.get<{ banks: DepositBank[] }>('/api/lookup/deposit');
  const bank = banks.find((b) => b.bankType !== 'withdraw' && b.currency === 'BAHT');
  if (!bank) throw new Error('the deposit lookup lists no baht deposit account');
  return bank;
}

/** A transfer the sandbox slip verifier knows, and the slip image (PNG with its mini-QR) for it. */
export async function makeSlip(
  sender: Pick<TestMember, 'bankAccountName' | 'bankCode' | 'bankAccountNo'>,
  receiver: DepositBank,
  amountBaht: number,
): Promise<{ transRef: string; png: Buffer }> {
  const { transfer, slipPngBase64 } = await sandboxCall<{
    transfer: { transRef: string };
    slipPngBase64: string;
  }>('POST', '/sandbox/slip/transfers', {
    amountMinor: Math.round(amountBaht * 100),
    sender: {
      name: sender.bankAccountName,
      bankCode: sender.bankCode,
      accountNo: sender.bankAccountNo,
    },
    receiver: {
      name: receiver.bankAccountName,
      bankCode: receiver.bankCode,
      accountNo: receiver.bankAccountNo,
    },
  });
  return { transRef: transfer.transRef, png: Buffer.from(slipPngBase64, 'base64') };
}

/** A TrueMoney gift voucher at the sandbox, made by `ownerPhone`; answers its gift link. */
export async function makeGiftLink(ownerPhone: string, amountBaht: number): Promise<string> {
  const { link } = await sandboxCall<{ link: string }>('POST', '/sandbox/truemoney/vouchers', {
    ownerPhone,
    amountMinor: Math.round(amountBaht * 100),
  });
  return link;
}

/** Seconds of a mm:ss countdown. */
export function countdownSeconds(text: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`not a mm:ss countdown: "${text}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * Taps the wallet card's refresh button, as a member waiting for a deposit would, until `locator` reads `text`.
 */
export async function refreshUntil(page: Page, locator: Locator, text: string, timeout = 30_000) {
  await expect(async () => {
    await page.getByTestId('wallet-refresh').click();
    await expect(page.getByTestId('wallet-refresh')).toBeEnabled();
    await expect(locator).toHaveText(text, { timeout: 500 });
  }).toPass({ timeout, intervals: [500, 1000] });
}

/**
 * Opens the deposit modal from the action drawer (the "+" button). It opens on the list of methods (or on a QR
 * left waiting); with `method`, that method is chosen.
 */
export async function openDepositModal(page: Page, method?: DepositMethod): Promise<Locator> {
  await page.getByTestId('plus-button').click();
  await page.getByTestId('action-drawer').getByTestId('action-deposit').click();
  const modal = page.getByTestId('deposit-modal');
  await expect(modal).toBeVisible();
  if (method) await chooseDepositMethod(modal, method);
  return modal;
}

/** Taps a method in the deposit modal's list and waits for its view. */
export async function chooseDepositMethod(modal: Locator, method: DepositMethod): Promise<Locator> {
  await modal.getByTestId(`deposit-method-${method}`).click();
  const view = modal.getByTestId(`deposit-view-${method}`);
  await expect(view).toBeVisible();
  return view;
}

/**
 * The new pending payment the sandbox gateway holds for the QR the modal shows (one not in `before`, under the
 * modal's reference: other tests make QRs at the same gateway meanwhile).
 */
export async function newQrPayment(
  provider: QrProvider,
  before: Set<string>,
  modal: Locator,
): Promise<SandboxQrPayment> {
  const reference = (await modal.getByTestId('deposit-qr-reference').innerText()).trim();
  const created = (await qrPayments(provider)).filter(
    (p) => !before.has(p.reference) && p.reference === reference,
  );
  expect(created).toHaveLength(1);
  return created[0]!;
}
