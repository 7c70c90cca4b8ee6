import type { Kysely } from 'kysely';
import type { Database } from '@/db/schema.ts';
import {
  insertBonusesIfMissing,
  type NewBonus,
} from '@/modules/bonus/bonus-catalogue.repository.ts';

/** Demo bonuses and promotion codes (docs/decisions/0013-promotions.md#bonus); amounts in satang. */

type Caption = { th: string; la: string; en: string };

/**
 * A banner drawn here (an SVG data URI), so the demo needs no image files. The picture carries only the figure, which
 * reads the same in every language; the caption under it comes in th, la and en.
 */
function banner(title: string, caption: Caption, from: string, to: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" viewBox="0 0 800 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="800" height="400" rx="32" fill="url(#g)"/>
<text x="60" y="230" font-family="sans-serif" font-size="96" font-weight="700" fill="#fff">${title}</text></svg>`;
  const html = (text: string) => `<p><strong>${title}</strong> ${text}</p>`;
  return {
    image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    html: { th: html(caption.th), la: html(caption.la), en: html(caption.en) },
  };
}

const CATEGORY_WEIGHTS = { slot: 100, casino: 20, sport: 50, lotto: 0 };

const base = {
  percentFail: 10,
  withdrawCapMinor: null,
  categoryWeights: {},
  validDays: 7,
  isPromotion: false,
  quota: null,
};

export const demoBonuses: NewBonus[] = [
  {
    ...base,
    code: 'NEWMEMBER100',
    name: { th: 'สมาชิกใหม่ รับ 100%', la: 'ສະມາຊິກໃໝ່ ຮັບ 100%', en: 'New member 100%' },
    description: {
      th: 'ฝากครั้งแรก รับโบนัส 100% สูงสุด 1,000 บาท ทำยอดเครดิต 5 เท่า',
      la: 'ຝາກຄັ້ງທຳອິດ ຮັບໂບນັດ 100% ສູງສຸດ 1,000 ບາດ ເຮັດຍອດເຄຣດິດ 5 ເທົ່າ',
      en: 'First deposit: 100% bonus up to 1,000 baht; release at 5× credit',
    },
    type: 'limit',
    maxReceived: 1,
    banners: [
      banner(
        '100%',
        { th: 'โบนัสสมาชิกใหม่', la: 'ໂບນັດສະມາຊິກໃໝ່', en: 'New member bonus' },
        '#7c3aed',
        '#db2777',
      ),
    ],
    amountKind: 'percent',
    percent: 100,
    maxBonusMinor: 100_000n,
    minDepositMinor: 10_000n,
    withdrawCapMinor: 500_000n,
    conditionKind: 'credit',
    multiplier: 5,
    sortOrder: 1,
  },
  {
    ...base,
    code: 'DAILY10',
    name: { th: 'โบนัสรายวัน 10%', la: 'ໂບນັດລາຍວັນ 10%', en: 'Daily 10%' },
    description: {
      th: 'ฝากทุกวัน รับ 10% สูงสุด 300 บาท วันละ 2 ครั้ง ทำเทิร์นโอเวอร์ 3 เท่า',
      la: 'ຝາກທຸກມື້ ຮັບ 10% ສູງສຸດ 300 ບາດ ມື້ລະ 2 ຄັ້ງ ເຮັດເທີນໂອເວີ 3 ເທົ່າ',
      en: 'Every day: 10% up to 300 baht, twice a day; release at 3× weighted turnover',
    },
    type: 'day',
    maxReceived: 2,
    banners: [banner('10%', { th: 'ทุกวัน', la: 'ທຸກມື້', en: 'Every day' }, '#0ea5e9', '#22c55e')],
    amountKind: 'percent',
    percent: 10,
    maxBonusMinor: 30_000n,
    minDepositMinor: 5_000n,
    conditionKind: 'turnover',
    multiplier: 3,
    categoryWeights: CATEGORY_WEIGHTS,
    validDays: 1,
    sortOrder: 2,
  },
  {
    ...base,
    code: 'WEEKLY200',
    name: { th: 'รับฟรี 200 ทุกสัปดาห์', la: 'ຮັບຟຣີ 200 ທຸກອາທິດ', en: '200 free every week' },
    description: {
      th: 'ฝาก 500 บาทขึ้นไป รับ 200 บาท สัปดาห์ละครั้ง ทำเทิร์นโอเวอร์ 2 เท่า',
      la: 'ຝາກ 500 ບາດຂຶ້ນໄປ ຮັບ 200 ບາດ ອາທິດລະຄັ້ງ ເຮັດເທີນໂອເວີ 2 ເທົ່າ',
      en: 'Deposit 500 baht or more, get 200 baht once a week; release at 2× weighted turnover',
    },
    type: 'week',
    maxReceived: 1,
    banners: [
      banner('+200', { th: 'ทุกสัปดาห์', la: 'ທຸກອາທິດ', en: 'Every week' }, '#f59e0b', '#ef4444'),
    ],
    amountKind: 'fixed',
    percent: null,
    maxBonusMinor: 20_000n,
    minDepositMinor: 50_000n,
    conditionKind: 'turnover',
    multiplier: 2,
    categoryWeights: CATEGORY_WEIGHTS,
    sortOrder: 3,
  },
  {
    ...base,
    code: 'WELCOME50',
    name: { th: 'โค้ดต้อนรับ 50%', la: 'ໂຄດຕ້ອນຮັບ 50%', en: 'Welcome code 50%' },
    description: {
      th: 'โค้ดโปรโมชั่น รับ 50% สูงสุด 500 บาท ทำยอดเครดิต 3 เท่า ถอนได้สูงสุด 2,000 บาท',
      la: 'ໂຄດໂປຣໂມຊັນ ຮັບ 50% ສູງສຸດ 500 ບາດ ເຮັດຍອດເຄຣດິດ 3 ເທົ່າ ຖອນໄດ້ສູງສຸດ 2,000 ບາດ',
      en: 'Promotion code: 50% up to 500 baht; release at 3× credit; withdraw at most 2,000 baht',
    },
    type: 'limit',
    maxReceived: 1,
    banners: [
      banner(
        'WELCOME50',
        { th: 'โปรโมชั่น 50%', la: 'ໂປຣໂມຊັ່ນ 50%', en: '50% promotion' },
        '#14b8a6',
        '#6366f1',
      ),
    ],
    amountKind: 'percent',
    percent: 50,
    maxBonusMinor: 50_000n,
    minDepositMinor: 10_000n,
    withdrawCapMinor: 200_000n,
    conditionKind: 'credit',
    multiplier: 3,
    isPromotion: true,
    quota: 1000,
    sortOrder: 10,
  },
  {
    ...base,
    code: 'LUCKY100',
    name: { th: 'โค้ดนำโชค 100 บาท', la: 'ໂຄດນຳໂຊກ 100 ບາດ', en: 'Lucky code 100 baht' },
    description: {
      th: 'ฝาก 300 บาทขึ้นไป รับ 100 บาท ทำเทิร์นโอเวอร์ 5 เท่า',
      la: 'ຝາກ 300 ບາດຂຶ້ນໄປ ຮັບ 100 ບາດ ເຮັດເທີນໂອເວີ 5 ເທົ່າ',
      en: 'Deposit 300 baht or more, get 100 baht; release at 5× weighted turnover',
    },
    type: 'limit',
    maxReceived: 1,
    banners: [
      banner(
        'LUCKY100',
        { th: 'รับเพิ่ม 100 บาท', la: 'ຮັບເພີ່ມ 100 ບາດ', en: '+100 baht' },
        '#e11d48',
        '#f97316',
      ),
    ],
    amountKind: 'fixed',
    percent: null,
    maxBonusMinor: 10_000n,
    minDepositMinor: 30_000n,
    conditionKind: 'turnover',
    multiplier: 5,
    categoryWeights: CATEGORY_WEIGHTS,
    isPromotion: true,
    sortOrder: 11,
  },
  {
    ...base,
    code: 'WHEELBONUS',
    name: { th: 'โบนัสวงล้อ 50 บาท', la: 'ໂບນັດວົງລໍ້ 50 ບາດ', en: 'Wheel bonus 50 baht' },
    description: {
      th: 'รางวัลจากวงล้อ เครดิตฟรี 50 บาท ทำยอดเครดิต 2 เท่า',
      la: 'ລາງວັນຈາກວົງລໍ້ ເຄຣດິດຟຣີ 50 ບາດ ເຮັດຍອດເຄຣດິດ 2 ເທົ່າ',
      en: 'A prize-wheel prize: 50 baht free credit; release at 2× credit',
    },
    type: 'limit',
    maxReceived: 1,
    banners: [
      banner(
        '+50',
        { th: 'โบนัสจากวงล้อ', la: 'ໂບນັດຈາກວົງລໍ້', en: 'Wheel bonus' },
        '#a855f7',
        '#0ea5e9',
      ),
    ],
    amountKind: 'fixed',
    percent: null,
    maxBonusMinor: 5_000n,
    minDepositMinor: 0n,
    withdrawCapMinor: 100_000n,
    conditionKind: 'credit',
    multiplier: 2,
    isPromotion: true,
    sortOrder: 12,
  },
];

export function seedDemoBonuses(db: Kysely<Database>, now: Date): Promise<void> {
  return insertBonusesIfMissing(db, demoBonuses, now);
}
