import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { LocalizedText } from '@mekong/contracts/fields';
import type { Database, SpinPrizeKind } from '@/db/schema.ts';
import { saveSetting } from '@/modules/settings/settings.repository.ts';

export const DEMO_WHEEL_NAME = 'Mekong Lucky Wheel';
/** What the member sees as the wheel's name. */
export const DEMO_WHEEL_TITLE: LocalizedText = {
  th: 'วงล้อนำโชคแม่โขง',
  la: 'ວົງລໍ້ນຳໂຊກແມ່ຂອງ',
  en: 'Mekong Lucky Wheel',
};

type DemoSlice = {
  code: string;
  label: string;
  bgColor: string;
  textColor: string;
  htmlDescription: LocalizedText;
  prizeKind: SpinPrizeKind;
  amountMinor: bigint;
  bonusCode: string | null;
  weight: number;
};

const cash = (baht: number, weight: number, bgColor: string, textColor: string): DemoSlice => ({
  code: `CASH${baht}`,
  label: `฿${baht}`,
  bgColor,
  textColor,
  htmlDescription: {
    th: `<p>เงินรางวัล ${baht} บาท</p>`,
    la: `<p>ເງິນລາງວັນ ${baht} ບາດ</p>`,
    en: `<p>A ${baht} baht cash prize</p>`,
  },
  prizeKind: 'cash',
  amountMinor: BigInt(baht) * 100n,
  bonusCode: null,
  weight,
});

const tryAgain = (code: string, bgColor: string): DemoSlice => ({
  code,
  label: '↻',
  bgColor,
  textColor: '#FFFFFF',
  htmlDescription: {
    th: '<p>ลองใหม่อีกครั้ง</p>',
    la: '<p>ລອງໃໝ່ອີກຄັ້ງ</p>',
    en: '<p>Try again</p>',
  },
  prizeKind: 'none',
  amountMinor: 0n,
  bonusCode: null,
  weight: 200,
});

/**
 * The demo wheel (docs/decisions/0013-promotions.md#prize-wheel), in wheel order: cash prizes with falling odds, a
 * bonus, two "try again" slices between them. Weights sum to 1000, so a weight reads as per mille.
 */
export const demoWheelSlices: readonly DemoSlice[] = [
  cash(5, 250, '#0E7C66', '#FFFFFF'),
  tryAgain('TRYAGAIN1', '#5B6770'),
  cash(10, 150, '#F2B233', '#1B1B1B'),
  cash(20, 80, '#1F6FB2', '#FFFFFF'),
  {
    code: 'BONUS',
    label: '🎁',
    bgColor: '#8E3BB8',
    textColor: '#FFFFFF',
    htmlDescription: {
      th: '<p>รับโบนัสวงล้อ WHEELBONUS</p>',
      la: '<p>ຮັບໂບນັດວົງລໍ້ WHEELBONUS</p>',
      en: '<p>Starts the WHEELBONUS bonus</p>',
    },
    prizeKind: 'bonus',
    amountMinor: 0n,
    bonusCode: 'WHEELBONUS',
    weight: 80,
  },
  cash(50, 30, '#D9534F', '#FFFFFF'),
  tryAgain('TRYAGAIN2', '#3E4A52'),
  cash(100, 10, '#C9A227', '#1B1B1B'),
];

/** Idempotent: an existing wheel of this name (or another active wheel) is left as the operator made it. */
export async function seedDemoWheel(db: Kysely<Database>, now: Date): Promise<void> {
  await saveSetting(db, 'spinCoins', { coinPriceMinor: 100_00 }, now, { isOverwrite: false });
  const inserted = await db
    .insertInto('spin_wheels')
    .values({
      id: randomUUID(),
      name: DEMO_WHEEL_NAME,
      name_th: DEMO_WHEEL_TITLE.th,
      name_la: DEMO_WHEEL_TITLE.la,
      name_en: DEMO_WHEEL_TITLE.en,
      is_active: true,
      coupon_days: 7,
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return;
  await db
    .insertInto('spin_slices')
    .values(
      demoWheelSlices.map((s, i) => ({
        id: randomUUID(),
        wheel_id: inserted.id,
        code: s.code,
        label: s.label,
        bg_color: s.bgColor,
        text_color: s.textColor,
        html_description_th: s.htmlDescription.th,
        html_description_la: s.htmlDescription.la,
        html_description_en: s.htmlDescription.en,
        prize_kind: s.prizeKind,
        amount: s.amountMinor,
        bonus_code: s.bonusCode,
        weight: s.weight,
        sort_order: i + 1,
      })),
    )
    .execute();
}
