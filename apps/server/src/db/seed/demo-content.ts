import type { LocalizedText } from '@mekong/contracts/fields';

export const DEMO_AGREEMENT_VERSION = '2026-11-01';
export const DEMO_LINE_ID = '@mekongwallet';
export const DEMO_LINE_URL = 'https://line.me/R/ti/p/@mekongwallet';

export const demoBrand = {
  name: 'Mekong Wallet',
  website: 'https://mekongwallet.example',
  logoUrl: null,
  primaryColor: '#0E7C66',
  accentColor: '#F2B233',
};

export const demoContactText: LocalizedText = {
  th: 'มีคำถามหรืออยากให้ช่วยเรื่องอะไร ทักหาทีมงานได้ทุกวันตลอด 24 ชั่วโมง เพิ่มเพื่อนทาง LINE หรือสแกน QR ด้านล่างได้เลย เราจะรีบตอบกลับโดยเร็วที่สุด',
  la: 'ມີຄຳຖາມ ຫຼື ຕ້ອງການໃຫ້ຊ່ວຍເລື່ອງໃດ ທັກຫາທີມງານໄດ້ທຸກວັນ ຕະຫຼອດ 24 ຊົ່ວໂມງ. ເພີ່ມໝູ່ທາງ LINE ຫຼື ສະແກນ QR ດ້ານລຸ່ມໄດ້ເລີຍ ພວກເຮົາຈະຕອບກັບໄວທີ່ສຸດ.',
  en: 'Got a question or need a hand? Our team is here every day, around the clock. Add us on LINE or scan the QR code below and we will get back to you as quickly as we can.',
};

export const demoNotice: LocalizedText = {
  th: 'ฝาก-ถอนอัตโนมัติ ตลอด 24 ชั่วโมง • ติดต่อทีมงานทาง LINE @mekongwallet',
  la: 'ຝາກ-ຖອນອັດຕະໂນມັດ ຕະຫຼອດ 24 ຊົ່ວໂມງ • ຕິດຕໍ່ທີມງານທາງ LINE @mekongwallet',
  en: 'Automatic deposits and withdrawals, 24/7 • Reach our team on LINE @mekongwallet',
};

export const demoConditions: { title: LocalizedText; html: LocalizedText } = {
  title: { th: 'เงื่อนไขการใช้บริการ', la: 'ເງື່ອນໄຂການນຳໃຊ້ບໍລິການ', en: 'Terms and conditions' },
  html: {
    th: [
      '<h3>สมาชิก</h3>',
      '<ul>',
      '<li>สมาชิกต้องมีอายุ 18 ปีบริบูรณ์ขึ้นไป และสมัครได้หนึ่งบัญชีต่อหนึ่งคน</li>',
      '<li>ชื่อบัญชีธนาคารที่ลงทะเบียนต้องตรงกับชื่อของสมาชิก และใช้บัญชีนี้ในการฝากและถอนเท่านั้น</li>',
      '<li>กรุณาเก็บรหัสผ่านไว้เป็นความลับ ทีมงานจะไม่ขอรหัสผ่านหรือรหัส OTP จากคุณไม่ว่ากรณีใด</li>',
      '</ul>',
      '<h3>การฝากและถอน</h3>',
      '<ul>',
      '<li>เงินฝากจะเข้าวอลเล็ทโดยอัตโนมัติภายในประมาณ 1 นาที หากเกินเวลานี้กรุณาติดต่อทีมงานพร้อมสลิป</li>',
      '<li>การถอนเงินจะโอนเข้าบัญชีธนาคารที่ลงทะเบียนไว้เท่านั้น ตามยอดขั้นต่ำและสูงสุดที่แสดงในหน้าถอนเงิน</li>',
      '<li>สลิปต้องอัปโหลดภายใน 1 ชั่วโมงหลังโอน และใช้ได้เพียงครั้งเดียว</li>',
      '</ul>',
      '<h3>โบนัสและโปรโมชั่น</h3>',
      '<ul>',
      '<li>โบนัสแต่ละรายการมีเงื่อนไขยอดเทิร์นและยอดถอนสูงสุดของตัวเอง รับได้ครั้งละหนึ่งรายการ</li>',
      '<li>หากพบการทุจริตหรือการใช้หลายบัญชี ทีมงานขอสงวนสิทธิ์ระงับบัญชีและยกเลิกโบนัสโดยไม่ต้องแจ้งล่วงหน้า</li>',
      '</ul>',
    ].join(''),
    la: [
      '<h3>ສະມາຊິກ</h3>',
      '<ul>',
      '<li>ສະມາຊິກຕ້ອງມີອາຍຸ 18 ປີບໍລິບູນຂຶ້ນໄປ ແລະ ສະໝັກໄດ້ໜຶ່ງບັນຊີຕໍ່ໜຶ່ງຄົນ</li>',
      '<li>ຊື່ບັນຊີທະນາຄານທີ່ລົງທະບຽນຕ້ອງກົງກັບຊື່ຂອງສະມາຊິກ ແລະ ໃຊ້ບັນຊີນີ້ໃນການຝາກ ແລະ ຖອນເທົ່ານັ້ນ</li>',
      '<li>ກະລຸນາຮັກສາລະຫັດຜ່ານໄວ້ເປັນຄວາມລັບ ທີມງານຈະບໍ່ຂໍລະຫັດຜ່ານ ຫຼື ລະຫັດ OTP ຈາກທ່ານໃນທຸກກໍລະນີ</li>',
      '</ul>',
      '<h3>ການຝາກ ແລະ ຖອນ</h3>',
      '<ul>',
      '<li>ເງິນຝາກຈະເຂົ້າວໍເລັດອັດຕະໂນມັດພາຍໃນປະມານ 1 ນາທີ ຖ້າເກີນເວລານີ້ ກະລຸນາຕິດຕໍ່ທີມງານພ້ອມສລິບ</li>',
      '<li>ການຖອນເງິນຈະໂອນເຂົ້າບັນຊີທະນາຄານທີ່ລົງທະບຽນໄວ້ເທົ່ານັ້ນ ຕາມຍອດຕ່ຳສຸດ ແລະ ສູງສຸດທີ່ສະແດງໃນໜ້າຖອນເງິນ</li>',
      '<li>ສລິບຕ້ອງອັບໂຫຼດພາຍໃນ 1 ຊົ່ວໂມງຫຼັງໂອນ ແລະ ໃຊ້ໄດ້ພຽງຄັ້ງດຽວ</li>',
      '</ul>',
      '<h3>ໂບນັດ ແລະ ໂປຣໂມຊັນ</h3>',
      '<ul>',
      '<li>ແຕ່ລະໂບນັດມີເງື່ອນໄຂຍອດເທີນ ແລະ ຍອດຖອນສູງສຸດຂອງມັນເອງ ຮັບໄດ້ເທື່ອລະໜຶ່ງລາຍການ</li>',
      '<li>ຖ້າພົບການສໍ້ໂກງ ຫຼື ການໃຊ້ຫຼາຍບັນຊີ ທີມງານຂໍສະຫງວນສິດໂຈະບັນຊີ ແລະ ຍົກເລີກໂບນັດໂດຍບໍ່ຕ້ອງແຈ້ງລ່ວງໜ້າ</li>',
      '</ul>',
    ].join(''),
    en: [
      '<h3>Membership</h3>',
      '<ul>',
      '<li>Members must be at least 18 years old. One account per person.</li>',
      '<li>The registered bank account must be in the member’s own name and is the only account used for deposits and withdrawals.</li>',
      '<li>Keep your password to yourself. Our team will never ask for your password or one-time code.</li>',
      '</ul>',
      '<h3>Deposits and withdrawals</h3>',
      '<ul>',
      '<li>Deposits reach your wallet automatically, usually within a minute. If yours takes longer, contact us with the slip.</li>',
      '<li>Withdrawals are paid only to your registered bank account, within the minimum and maximum shown on the withdraw screen.</li>',
      '<li>Slips must be uploaded within 1 hour of the transfer and can be used only once.</li>',
      '</ul>',
      '<h3>Bonuses and promotions</h3>',
      '<ul>',
      '<li>Each bonus has its own turnover target and withdrawal cap. Only one bonus can be active at a time.</li>',
      '<li>We may suspend accounts and cancel bonuses without notice where we find fraud or multiple accounts.</li>',
      '</ul>',
    ].join(''),
  },
};

export const demoAgreement: { version: string; title: LocalizedText; html: LocalizedText } = {
  version: DEMO_AGREEMENT_VERSION,
  title: { th: 'ข้อตกลงสมาชิก', la: 'ຂໍ້ຕົກລົງສະມາຊິກ', en: 'Member agreement' },
  html: {
    th: [
      '<p>ข้อตกลงฉบับนี้มีผลตั้งแต่วันที่ 1 พฤศจิกายน 2569 กรุณาอ่านและกดยอมรับก่อนใช้งานต่อ</p>',
      '<ol>',
      '<li>คุณยืนยันว่ามีอายุ 18 ปีบริบูรณ์ขึ้นไป และข้อมูลที่ให้ไว้เป็นความจริงทั้งหมด</li>',
      '<li>เราเก็บเบอร์โทรศัพท์ ชื่อ และบัญชีธนาคารของคุณ เพื่อยืนยันตัวตนและโอนเงินให้คุณเท่านั้น เราไม่ขายหรือเปิดเผยข้อมูลให้บุคคลอื่น เว้นแต่กฎหมายกำหนด</li>',
      '<li>รายการฝาก ถอน และโบนัสทั้งหมดถูกบันทึกไว้ และคุณตรวจสอบย้อนหลังได้ที่หน้ารายการเดินบัญชี</li>',
      '<li>เราอาจปรับปรุงข้อตกลงนี้ และจะแจ้งให้คุณยอมรับฉบับใหม่อีกครั้งเมื่อมีการเปลี่ยนแปลง</li>',
      '</ol>',
    ].join(''),
    la: [
      '<p>ຂໍ້ຕົກລົງສະບັບນີ້ມີຜົນຕັ້ງແຕ່ວັນທີ 1 ພະຈິກ 2026 ກະລຸນາອ່ານ ແລະ ກົດຍອມຮັບກ່ອນນຳໃຊ້ຕໍ່</p>',
      '<ol>',
      '<li>ທ່ານຢືນຢັນວ່າມີອາຍຸ 18 ປີບໍລິບູນຂຶ້ນໄປ ແລະ ຂໍ້ມູນທີ່ໃຫ້ໄວ້ເປັນຄວາມຈິງທັງໝົດ</li>',
      '<li>ພວກເຮົາເກັບເບີໂທລະສັບ, ຊື່ ແລະ ບັນຊີທະນາຄານຂອງທ່ານ ເພື່ອຢືນຢັນຕົວຕົນ ແລະ ໂອນເງິນໃຫ້ທ່ານເທົ່ານັ້ນ ພວກເຮົາບໍ່ຂາຍ ຫຼື ເປີດເຜີຍຂໍ້ມູນໃຫ້ບຸກຄົນອື່ນ ເວັ້ນເສຍແຕ່ກົດໝາຍກຳນົດ</li>',
      '<li>ລາຍການຝາກ, ຖອນ ແລະ ໂບນັດທັງໝົດຖືກບັນທຶກໄວ້ ແລະ ທ່ານກວດສອບຄືນໄດ້ທີ່ໜ້າລາຍການເຄື່ອນໄຫວບັນຊີ</li>',
      '<li>ພວກເຮົາອາດປັບປຸງຂໍ້ຕົກລົງນີ້ ແລະ ຈະແຈ້ງໃຫ້ທ່ານຍອມຮັບສະບັບໃໝ່ອີກຄັ້ງເມື່ອມີການປ່ຽນແປງ</li>',
      '</ol>',
    ].join(''),
    en: [
      '<p>This agreement applies from 1 November 2026. Please read it and accept it to continue.</p>',
      '<ol>',
      '<li>You confirm that you are at least 18 years old and that the details you gave us are true.</li>',
      '<li>We keep your phone number, name and bank account only to confirm who you are and to pay you. We do not sell or share them with anyone unless the law requires it.</li>',
      '<li>Every deposit, withdrawal and bonus is recorded, and you can review them at any time in your statement.</li>',
      '<li>We may update this agreement; when we do, we will ask you to accept the new version.</li>',
      '</ol>',
    ].join(''),
  },
};

export const demoSources: { code: string; description: LocalizedText }[] = [
  { code: 'facebook', description: { th: 'เฟซบุ๊ก', la: 'ເຟສບຸກ', en: 'Facebook' } },
  {
    code: 'google',
    description: { th: 'ค้นหาใน Google', la: 'ຄົ້ນຫາໃນ Google', en: 'Google search' },
  },
  { code: 'friend', description: { th: 'เพื่อนแนะนำ', la: 'ໝູ່ແນະນຳ', en: 'A friend recommended us' } },
  { code: 'line', description: { th: 'ไลน์ (LINE)', la: 'ລາຍ (LINE)', en: 'LINE' } },
  { code: 'tiktok', description: { th: 'ติ๊กต็อก', la: 'ຕິກຕອກ', en: 'TikTok' } },
  { code: 'other', description: { th: 'อื่น ๆ', la: 'ອື່ນໆ', en: 'Somewhere else' } },
];

/** The operator's receiving accounts shown in the deposit lookup. */
export const demoOperatorAccounts = [
  {
    kind: 'bank',
    channel: 'KBANK',
    bank_type: 'deposit',
    mode: 'auto',
    account_name: 'บจก. เมคอง วอลเล็ท',
    account_no: '1423096718',
    currency: 'BAHT',
  },
  {
    kind: 'bank',
    channel: 'SCB',
    bank_type: 'deposit',
    mode: 'auto',
    account_name: 'บจก. เมคอง วอลเล็ท',
    account_no: '4071852263',
    currency: 'BAHT',
  },
  {
    kind: 'bank',
    channel: 'BCEL',
    bank_type: 'deposit',
    mode: 'manual',
    account_name: 'MEKONG WALLET CO LTD',
    account_no: '0101000123456789',
    currency: 'LAK',
  },
  {
    kind: 'wallet',
    channel: 'truemoney',
    bank_type: 'deposit',
    mode: 'auto',
    account_name: 'เมคอง วอลเล็ท',
    account_no: '0968874512',
    currency: 'BAHT',
  },
] as const;

export const demoWithdraw = { minMinor: 100_00, maxMinor: 50_000_00 };
