import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { Locale } from '@mekong/contracts/constants';
import type { WalletResponse } from '@mekong/contracts/wallet';
import type { Api, TestMember } from './api.ts';
import { payQr, qrPayments } from './deposit.ts';
import { creditFromBank, memberMoney } from './money.ts';

/** The copy of the statement screens, straight from a locale file of the app. */
export type StatementTexts = {
  statement: Record<'empty' | 'title', string>;
  statementFlow: {
    loadFailed: string;
    channels: Record<'qr' | 'bank' | 'game', string>;
    emptyFiltered: Record<'withdraw', string>;
    detail: Record<'saved', string>;
  };
  dates: Record<'today', string>;
};

export function statementTexts(locale: Locale): StatementTexts {
  return JSON.parse(
    readFileSync(new URL(`../../apps/web/src/locales/${locale}.json`, import.meta.url), 'utf8'),
  ) as StatementTexts;
}

/**
 * Sandbox + API: a member's three kinds of movement, as issue 9's statement must tell them apart: a KBANK QR paid at
 * the gateway, a transfer from the member's bank account credited by the bank feed, and a move into PG.
 */
export async function qrBankAndGameMoves(
  api: Api,
  member: TestMember,
  token: string,
  amounts = { qr: 123.45, bank: 1000, game: 300 },
): Promise<{ qrReference: string; wallet: WalletResponse }> {
  const money = memberMoney(api, token);
  const before = new Set((await qrPayments('KBANK')).map((p) => p.reference));
  await api.post('/api/qrcode/KBANK', { amount: amounts.qr }, { token });
  const mine = (await qrPayments('KBANK')).filter(
    (p) => !before.has(p.reference) && p.amountMinor === Math.round(amounts.qr * 100),
  );
  expect(mine).toHaveLength(1);
  const qrReference = mine[0]!.reference;
  expect((await payQr('KBANK', qrReference)).data.payment.status).toBe('paid');
  await money.waitForCash(amounts.qr);
  await creditFromBank(member, amounts.bank);
  await money.waitForCash(amounts.qr + amounts.bank);
  await money.activate('PG');
  expect((await money.transfer('wallet', 'PG', amounts.game)).status).toBe('SUCCESS');
  return { qrReference, wallet: await money.wallet() };
}

/** Opens a page signed in as the member in `locale`, the agreement already accepted, at `path`. */
export async function signInAs(page: Page, api: Api, token: string, locale: Locale, path: string) {
  const { version } = await api.get<{ version: string }>('/api/lookup/agreements');
  await page.addInitScript(
    ({ token, version, locale }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('locale', locale);
      localStorage.setItem('remember-agreement', version);
    },
    { token, version, locale },
  );
  await page.goto(path);
}
