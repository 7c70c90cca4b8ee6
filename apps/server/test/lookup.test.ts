import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lookupActive,
  lookupAgreements,
  lookupBanks,
  lookupConditions,
  lookupContact,
  lookupDeposit,
  lookupEnableChatWidget,
  lookupInfo,
  lookupNotice,
  lookupRegisterOtp,
  lookupSlip,
  lookupSources,
  lookupWithdraw,
} from '@mekong/contracts/lookup';
import type { Contract } from '@mekong/contracts/contract';
import { seedDemo } from '@/db/seed/seed-demo.ts';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function get(contract: Contract) {
  const response = await t.api('GET', contract.path);
  expect(response.statusCode, `${contract.path}: ${response.body}`).toBe(200);
  const body: unknown = response.json();
  // Every answer matches its contract exactly, with nothing extra.
  expect(contract.response.parse(body)).toEqual(body);
  return body as never;
}

const allLookups = [
  lookupBanks,
  lookupDeposit,
  lookupConditions,
  lookupAgreements,
  lookupInfo,
  lookupNotice,
  lookupContact,
  lookupWithdraw,
  lookupSlip,
  lookupSources,
  lookupActive,
  lookupRegisterOtp,
  lookupEnableChatWidget,
];

describe('lookups (docs/spec.md §7, D10)', () => {
  it('answers all 13 lookups without a session, matching their contracts', async () => {
    expect(allLookups).toHaveLength(13);
    for (const contract of allLookups) await get(contract);
  });

  it('lists the Thai and Lao banks with codes and names, English-only for KTB, TMB and BBL', async () => {
    const banks: {
      code: string;
      nameTH: string;
      nameEN: string;
      country: string;
      isEnglishNameRequired: boolean;
    }[] = await get(lookupBanks);
    const codes = banks.map((b) => b.code);
    for (const code of [
      'BBL',
      'KBANK',
      'KTB',
      'TMB',
      'SCB',
      'CIMBT',
      'UOBT',
      'BAY',
      'GSB',
      'GHB',
      'BAAC',
      'IBANK',
      'TISCO',
      'KKP',
      'ICBCT',
      'TCRB',
      'LHBANK',
    ]) {
      expect(banks.find((b) => b.code === code)?.country, code).toBe('TH');
    }
    for (const code of [
      'BCEL',
      'LDB',
      'APB',
      'JDB',
      'LVB',
      'PSV',
      'BFL',
      'IDCB',
      'STB',
      'ACLEDA',
    ]) {
      expect(banks.find((b) => b.code === code)?.country, code).toBe('LA');
    }
    expect(codes).not.toContain('TTB');
    expect(
      banks
        .filter((b) => b.isEnglishNameRequired)
        .map((b) => b.code)
        .sort(),
    ).toEqual(['BBL', 'KTB', 'TMB']);
    expect(banks.find((b) => b.code === 'TMB')?.nameTH).toBe('ธนาคารทหารไทยธนชาต');
    expect(banks.find((b) => b.code === 'KBANK')).toMatchObject({
      nameTH: 'ธนาคารกสิกรไทย',
      nameEN: 'Kasikornbank',
    });
    // Thai deployment: Thai banks first.
    expect(banks[0]?.country).toBe('TH');
    expect(banks.at(-1)?.country).toBe('LA');
  });

  it('lists the operator deposit accounts and wallets', async () => {
    const deposit: {
      banks: { bankCode: string; bank: { nameTH: string } }[];
      wallets: { mode: string }[];
      isManual: boolean;
    } = await get(lookupDeposit);
    expect(deposit.isManual).toBe(false);
    expect(deposit.banks.length).toBeGreaterThan(0);
    expect(deposit.banks.find((b) => b.bankCode === 'KBANK')?.bank.nameTH).toBe('ธนาคารกสิกรไทย');
    expect(deposit.wallets.map((w) => w.mode)).toContain('truemoney');
  });

  it('has conditions, a versioned agreement, notice and contact in three languages', async () => {
    const conditions: { title: Record<string, string>; html: Record<string, string> } =
      await get(lookupConditions);
    const agreement: {
      version: string;
      title: Record<string, string>;
      html: Record<string, string>;
    } = await get(lookupAgreements);
    const notice: { text: Record<string, string> } = await get(lookupNotice);
    const contact: {
      text: Record<string, string>;
      lineId: string;
      lineUrl: string;
      lineQr: string;
    } = await get(lookupContact);
    expect(agreement.version).toBe('2026-11-01');
    for (const locale of ['th', 'la', 'en']) {
      for (const text of [
        conditions.title,
        conditions.html,
        agreement.title,
        agreement.html,
        notice.text,
        contact.text,
      ]) {
        expect(text[locale]?.length, locale).toBeGreaterThan(0);
      }
    }
    expect(conditions.html.th).toMatch(/[\u0E00-\u0E7F]/);
    expect(conditions.html.la).toMatch(/[\u0E80-\u0EFF]/);
    expect(contact.lineId).toBe('@mekongwallet');
    expect(contact.lineUrl).toMatch(/^https:\/\/line\.me\//);
    expect(contact.lineQr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(contact.lineQr.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
  });

  it('has the brand, withdraw limits, sources and switches', async () => {
    expect(await get(lookupInfo)).toMatchObject({
      name: 'Mekong Wallet',
      website: expect.stringMatching(/^https:\/\//),
    });
    expect(await get(lookupWithdraw)).toEqual({ withdrawMin: 100, withdrawMax: 50000 });
    const sources: { code: string; description: Record<string, string> }[] =
      await get(lookupSources);
    expect(sources.map((s) => s.code)).toEqual([
      'facebook',
      'google',
      'friend',
      'line',
      'tiktok',
      'other',
    ]);
    expect(await get(lookupActive)).toEqual({ terminated: null });
    expect(await get(lookupRegisterOtp)).toEqual({ enabled: true });
    expect(await get(lookupEnableChatWidget)).toEqual({ enabled: false });
  });

  it('reports the slip window by the clock in Bangkok', async () => {
    expect(await get(lookupSlip)).toEqual({ isOpen: true, closedFrom: '23:30', closedTo: '00:30' });
    const saved = t.clock.now();
    t.clock.set(new Date('2026-11-02T16:45:00.000Z')); // 23:45 in Bangkok
    try {
      expect(await get(lookupSlip)).toMatchObject({ isOpen: false });
    } finally {
      t.clock.set(saved);
    }
  });

  it('follows what the operator changes in the database', async () => {
    const db = t.app.deps.db.kysely;
    await saveSetting(db, 'registerOtp', { enabled: false }, t.clock.now());
    await saveSetting(db, 'chatWidget', { enabled: true }, t.clock.now());
    await db.updateTable('banks').set({ is_enabled: false }).where('code', '=', 'GHB').execute();
    try {
      expect(await get(lookupRegisterOtp)).toEqual({ enabled: false });
      expect(await get(lookupEnableChatWidget)).toEqual({ enabled: true });
      const banks: { code: string }[] = await get(lookupBanks);
      expect(banks.map((b) => b.code)).not.toContain('GHB');
    } finally {
      await saveSetting(db, 'registerOtp', { enabled: true }, t.clock.now());
      await saveSetting(db, 'chatWidget', { enabled: false }, t.clock.now());
      await db.updateTable('banks').set({ is_enabled: true }).where('code', '=', 'GHB').execute();
    }
  });

  it('seeds idempotently and never overwrites an operator change', async () => {
    const db = t.app.deps.db.kysely;
    const before = await Promise.all(
      (['banks', 'sources', 'operator_accounts', 'operator_settings'] as const).map((table) =>
        t.countRows(table),
      ),
    );
    await saveSetting(db, 'withdraw', { minMinor: 200_00, maxMinor: 10_000_00 }, t.clock.now());
    await seedDemo(db, t.clock.now(), t.config.SEED_SLIP_WINDOW);
    const after = await Promise.all(
      (['banks', 'sources', 'operator_accounts', 'operator_settings'] as const).map((table) =>
        t.countRows(table),
      ),
    );
    expect(after).toEqual(before);
    expect(await get(lookupWithdraw)).toEqual({ withdrawMin: 200, withdrawMax: 10000 });
    await saveSetting(db, 'withdraw', { minMinor: 100_00, maxMinor: 50_000_00 }, t.clock.now());
  });
});

describe('without demo data', () => {
  it('answers NO_DATA for content the operator has not set, and safe defaults for switches', async () => {
    const bare = await createTestApp({ SEED_DEMO: 'false' });
    try {
      for (const path of [
        '/api/lookup/info',
        '/api/lookup/conditions',
        '/api/lookup/agreements',
        '/api/lookup/contact',
        '/api/lookup/withdraw',
      ]) {
        const response = await bare.api('GET', path);
        expect(response.statusCode, path).toBe(404);
        expect(response.json()).toEqual({ message: 'NO_DATA' });
      }
      expect((await bare.api('GET', '/api/lookup/banks')).json()).toEqual([]);
      expect((await bare.api('GET', '/api/lookup/active')).json()).toEqual({ terminated: null });
      expect((await bare.api('GET', '/api/lookup/registerOTP')).json()).toEqual({ enabled: true });
      expect((await bare.api('GET', '/api/lookup/notice')).json()).toEqual({ text: null });
    } finally {
      await bare.close();
    }
  });
});
