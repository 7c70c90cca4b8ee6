import type { Kysely } from 'kysely';
import type { Database } from '@/db/schema.ts';
import { saveSetting } from '@/modules/settings/settings.repository.ts';

/** An inline banner, so the demo needs no image host. */
const banner = (text: string, color: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="300"><rect width="800" height="300" fill="${color}"/>` +
      `<text x="400" y="190" font-family="sans-serif" font-size="120" font-weight="700" fill="#fff" text-anchor="middle">${text}</text></svg>`,
  ).toString('base64')}`;

/**
 * Demo refund of losses and invite commission (docs/decisions/0013-promotions.md): refund 5 % of last week's net loss,
 * from 1 to 5,000 baht; invite 1 % of each invitee deposit. Kept when an operator already set them.
 */
export async function seedDemoPromotionSettings(db: Kysely<Database>, now: Date): Promise<void> {
  const keep = { isOverwrite: false };
  await saveSetting(
    db,
    'refund',
    {
      enabled: true,
      percent: 5,
      minimumMinor: 1_00,
      maximumMinor: 5_000_00,
      banners: [
        {
          image: banner('5%', '#0f766e'),
          html: {
            th: '<p>ทุกวันจันทร์ รับคืน 5% ของยอดเสียสุทธิสัปดาห์ก่อน (1 ถึง 5,000 บาท) ยกเว้นขณะมีโบนัสที่ใช้งานอยู่</p>',
            la: '<p>ທຸກວັນຈັນ ຮັບຄືນ 5% ຂອງຍອດເສຍສຸດທິອາທິດກ່ອນ (1 ຫາ 5,000 ບາດ) ຍົກເວັ້ນຕອນມີໂບນັດທີ່ກຳລັງໃຊ້ຢູ່</p>',
            en: '<p>Every Monday, receive 5% of last week’s net loss (1 to 5,000 baht). Not while a bonus is active.</p>',
          },
        },
      ],
    },
    now,
    keep,
  );
  await saveSetting(
    db,
    'invite',
    {
      enabled: true,
      percent: 1,
      banners: [
        {
          image: banner('1%', '#1d4ed8'),
          html: {
            th: '<p>แชร์ลิงก์ชวนเพื่อน รับ 1% จากทุกยอดฝากของเพื่อนที่คุณชวน</p>',
            la: '<p>ແບ່ງປັນລິ້ງຊວນໝູ່ ຮັບ 1% ຈາກທຸກຍອດຝາກຂອງໝູ່ທີ່ທ່ານຊວນ</p>',
            en: '<p>Share your invite link: you earn 1% of every deposit your friends make.</p>',
          },
        },
      ],
    },
    now,
    keep,
  );
}
