// The captions of the how-to recordings (scripts/record-howto.ts): one per step of each walk-through, in the member's
// language (docs/decisions/0020-howto-videos.md).
export const LANGUAGES = ['th', 'la', 'en'] as const;
export const TOPICS = ['wallet', 'play', 'balance', 'bonus', 'bonusCancel'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Topic = (typeof TOPICS)[number];

/** What each step says on screen, in the member's language. */
type Caption = Record<Language, string>;
export const captions = {
  wallet: [
    {
      en: 'Your wallet: the money you can use',
      th: 'กระเป๋าเงิน: ยอดเงินที่ใช้ได้',
      la: 'ກະເປົາເງິນ: ຍອດເງິນທີ່ໃຊ້ໄດ້',
    },
    { en: 'Tap + for quick actions', th: 'แตะ + เพื่อเปิดเมนูลัด', la: 'ແຕະ + ເພື່ອເປີດເມນູດ່ວນ' },
    { en: 'Tap Deposit', th: 'แตะ ฝากเงิน', la: 'ແຕະ ຝາກເງິນ' },
    {
      en: 'Choose how to pay: QR, bank, slip or gift link',
      th: 'เลือกวิธีฝาก: QR, ธนาคาร, สลิป หรือลิงก์ซอง',
      la: 'ເລືອກວິທີຝາກ: QR, ທະນາຄານ, ສະລິບ ຫຼື ລິ້ງຊອງ',
    },
    {
      en: 'QR: enter the amount, then scan it in your bank app',
      th: 'QR: ใส่จำนวนเงิน แล้วสแกนในแอปธนาคาร',
      la: 'QR: ໃສ່ຈຳນວນເງິນ ແລ້ວສະແກນໃນແອັບທະນາຄານ',
    },
  ],
  play: [
    { en: 'Pick a game and tap Play', th: 'เลือกเกม แล้วแตะ เล่น', la: 'ເລືອກເກມ ແລ້ວແຕະ ຫຼິ້ນ' },
    {
      en: 'Choose how much to move into the game',
      th: 'เลือกจำนวนเงินที่จะโอนเข้าเกม',
      la: 'ເລືອກຈຳນວນເງິນທີ່ຈະໂອນເຂົ້າເກມ',
    },
    {
      en: 'Move and play: the game opens',
      th: 'โอนแล้วเล่น: เกมจะเปิดขึ้น',
      la: 'ໂອນແລ້ວຫຼິ້ນ: ເກມຈະເປີດຂຶ້ນ',
    },
    { en: 'Your money is now in the game', th: 'เงินของคุณอยู่ในเกมแล้ว', la: 'ເງິນຂອງທ່ານຢູ່ໃນເກມແລ້ວ' },
  ],
  balance: [
    {
      en: 'Each game shows the money in it',
      th: 'แต่ละเกมแสดงยอดเงินในเกม',
      la: 'ແຕ່ລະເກມສະແດງຍອດເງິນໃນເກມ',
    },
    { en: 'Tap Transfer', th: 'แตะ โอนเงิน', la: 'ແຕະ ໂອນເງິນ' },
    { en: 'From the game, to your wallet', th: 'จากเกม ไปยังกระเป๋าเงิน', la: 'ຈາກເກມ ໄປຫາກະເປົາເງິນ' },
    { en: 'Enter the amount and confirm', th: 'ใส่จำนวนเงิน แล้วยืนยัน', la: 'ໃສ່ຈຳນວນເງິນ ແລ້ວຢືນຢັນ' },
    {
      en: 'Every move is listed in your statement',
      th: 'ทุกรายการอยู่ในหน้ารายการเดินบัญชี',
      la: 'ທຸກລາຍການຢູ່ໃນໜ້າລາຍການເຄື່ອນໄຫວ',
    },
  ],
  bonus: [
    { en: 'Open Bonus to see the offers', th: 'เปิดหน้าโบนัสเพื่อดูข้อเสนอ', la: 'ເປີດໜ້າໂບນັດເພື່ອເບິ່ງຂໍ້ສະເໜີ' },
    { en: 'Tap a bonus to read its terms', th: 'แตะโบนัสเพื่ออ่านเงื่อนไข', la: 'ແຕະໂບນັດເພື່ອອ່ານເງື່ອນໄຂ' },
    { en: 'Tap Receive to take it', th: 'แตะ รับโบนัส', la: 'ແຕະ ຮັບໂບນັດ' },
    {
      en: 'Your bonus and its progress are shown here',
      th: 'โบนัสและความคืบหน้าแสดงที่นี่',
      la: 'ໂບນັດ ແລະ ຄວາມຄືບໜ້າສະແດງຢູ່ນີ້',
    },
  ],
  bonusCancel: [
    { en: 'Your active bonus', th: 'โบนัสที่ใช้อยู่', la: 'ໂບນັດທີ່ກຳລັງໃຊ້' },
    { en: 'Tap Cancel bonus', th: 'แตะ ยกเลิกโบนัส', la: 'ແຕະ ຍົກເລີກໂບນັດ' },
    { en: 'Read the warning, then confirm', th: 'อ่านคำเตือน แล้วยืนยัน', la: 'ອ່ານຄຳເຕືອນ ແລ້ວຢືນຢັນ' },
    {
      en: 'Cancelled: you can take a new bonus',
      th: 'ยกเลิกแล้ว: รับโบนัสใหม่ได้',
      la: 'ຍົກເລີກແລ້ວ: ຮັບໂບນັດໃໝ່ໄດ້',
    },
  ],
} satisfies Record<Topic, Caption[]>;
