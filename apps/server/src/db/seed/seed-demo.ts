import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import type { Kysely } from 'kysely';
import type { Database } from '@/db/schema.ts';
import { demoBanks } from '@/db/seed/demo-banks.ts';
import { seedDemoPromotionSettings } from '@/db/seed/demo-promotions-settings.ts';
import { seedDemoBonuses } from '@/db/seed/demo-bonuses.ts';
import {
  DEMO_LINE_ID,
  DEMO_LINE_URL,
  demoAgreement,
  demoBrand,
  demoConditions,
  demoContactText,
  demoNotice,
  demoOperatorAccounts,
  demoSources,
  demoWithdraw,
} from '@/db/seed/demo-content.ts';
import { seedDemoWheel } from '@/db/seed/demo-wheel.ts';
import { saveSetting } from '@/modules/settings/settings.repository.ts';

/** Demo rows are enabled and listed in the order they are written here. */
function enabledInOrder<T extends object>(rows: readonly T[]) {
  return rows.map((row, i) => ({ ...row, is_enabled: true, sort_order: i + 1 }));
}

/**
 * Demo data (docs/design.md#running). Idempotent: inserts what is missing and never overwrites what an operator changed.
 */
export async function seedDemo(
  db: Kysely<Database>,
  now: Date,
  /** The daily slip closed window, `HH:MM-HH:MM` in players' time, or `open` (config SEED_SLIP_WINDOW). */
  slipWindow: string,
): Promise<void> {
  await db
    .insertInto('banks')
    .values(enabledInOrder(demoBanks))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();

  const sources = demoSources.map(({ code, description }) => ({
    code,
    description_th: description.th,
    description_la: description.la,
    description_en: description.en,
  }));
  await db
    .insertInto('sources')
    .values(enabledInOrder(sources))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();

  const accounts = demoOperatorAccounts.map((a) => ({ ...a, id: randomUUID(), created_at: now }));
  await db
    .insertInto('operator_accounts')
    .values(enabledInOrder(accounts))
    .onConflict((oc) => oc.constraint('operator_accounts_account_key').doNothing())
    .execute();

  const lineQr = await QRCode.toString(DEMO_LINE_URL, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  const keep = { isOverwrite: false };
  await saveSetting(db, 'brand', demoBrand, now, keep);
  await saveSetting(
    db,
    'contact',
    {
      text: demoContactText,
      lineId: DEMO_LINE_ID,
      lineUrl: DEMO_LINE_URL,
      lineQr: `data:image/svg+xml;base64,${Buffer.from(lineQr).toString('base64')}`,
    },
    now,
    keep,
  );
  await saveSetting(db, 'conditions', demoConditions, now, keep);
  await saveSetting(db, 'agreement', demoAgreement, now, keep);
  await saveSetting(db, 'notice', { text: demoNotice }, now, keep);
  await saveSetting(db, 'deposit', { isManual: false }, now, keep);
  await saveSetting(db, 'withdraw', demoWithdraw, now, keep);
  const [closedFrom = null, closedTo = null] = slipWindow === 'open' ? [] : slipWindow.split('-');
  await saveSetting(db, 'slip', { closedFrom, closedTo }, now, keep);
  await saveSetting(db, 'registerOtp', { enabled: true }, now, keep);
  await saveSetting(db, 'chatWidget', { enabled: false }, now, keep);
  await saveSetting(db, 'service', { terminated: false }, now, keep);
  await seedDemoPromotionSettings(db, now);
  await seedDemoBonuses(db, now);
  await seedDemoWheel(db, now);
}
