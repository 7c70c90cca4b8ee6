import type { Insertable } from 'kysely';
import type { BanksTable } from '@/db/schema.ts';

type BankSeed = Omit<Insertable<BanksTable>, 'sort_order' | 'is_enabled'>;

/** Thai banks of DESIGN D13 (TTB keeps the spec's code TMB) and the Lao banks. */
export const demoBanks: BankSeed[] = [
  { code: 'BBL', numeric_code: '002', country: 'TH', name_th: 'ธนาคารกรุงเทพ', name_en: 'Bangkok Bank', is_english_name_required: true },
  { code: 'KBANK', numeric_code: '004', country: 'TH', name_th: 'ธนาคารกสิกรไทย', name_en: 'Kasikornbank', is_english_name_required: false },
  { code: 'KTB', numeric_code: '006', country: 'TH', name_th: 'ธนาคารกรุงไทย', name_en: 'Krungthai Bank', is_english_name_required: true },
  { code: 'TMB', numeric_code: '011', country: 'TH', name_th: 'ธนาคารทหารไทยธนชาต', name_en: 'TMBThanachart Bank (ttb)', is_english_name_required: true },
  { code: 'SCB', numeric_code: '014', country: 'TH', name_th: 'ธนาคารไทยพาณิชย์', name_en: 'Siam Commercial Bank', is_english_name_required: false },
  { code: 'CIMBT', numeric_code: '022', country: 'TH', name_th: 'ธนาคารซีไอเอ็มบี ไทย', name_en: 'CIMB Thai Bank', is_english_name_required: false },
  { code: 'UOBT', numeric_code: '024', country: 'TH', name_th: 'ธนาคารยูโอบี', name_en: 'United Overseas Bank (Thai)', is_english_name_required: false },
  { code: 'BAY', numeric_code: '025', country: 'TH', name_th: 'ธนาคารกรุงศรีอยุธยา', name_en: 'Bank of Ayudhya (Krungsri)', is_english_name_required: false },
  { code: 'GSB', numeric_code: '030', country: 'TH', name_th: 'ธนาคารออมสิน', name_en: 'Government Savings Bank', is_english_name_required: false },
  { code: 'GHB', numeric_code: '033', country: 'TH', name_th: 'ธนาคารอาคารสงเคราะห์', name_en: 'Government Housing Bank', is_english_name_required: false },
  { code: 'BAAC', numeric_code: '034', country: 'TH', name_th: 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร', name_en: 'Bank for Agriculture and Agricultural Cooperatives', is_english_name_required: false },
  { code: 'IBANK', numeric_code: '066', country: 'TH', name_th: 'ธนาคารอิสลามแห่งประเทศไทย', name_en: 'Islamic Bank of Thailand', is_english_name_required: false },
  { code: 'TISCO', numeric_code: '067', country: 'TH', name_th: 'ธนาคารทิสโก้', name_en: 'TISCO Bank', is_english_name_required: false },
  { code: 'KKP', numeric_code: '069', country: 'TH', name_th: 'ธนาคารเกียรตินาคินภัทร', name_en: 'Kiatnakin Phatra Bank', is_english_name_required: false },
  { code: 'ICBCT', numeric_code: '070', country: 'TH', name_th: 'ธนาคารไอซีบีซี (ไทย)', name_en: 'ICBC (Thai)', is_english_name_required: false },
  { code: 'TCRB', numeric_code: '071', country: 'TH', name_th: 'ธนาคารไทยเครดิต', name_en: 'Thai Credit Bank', is_english_name_required: false },
  { code: 'LHBANK', numeric_code: '073', country: 'TH', name_th: 'ธนาคารแลนด์ แอนด์ เฮ้าส์', name_en: 'Land and Houses Bank', is_english_name_required: false },
  { code: 'BCEL', numeric_code: null, country: 'LA', name_th: 'ธนาคารการค้าต่างประเทศลาว', name_en: 'Banque pour le Commerce Extérieur Lao (BCEL)', is_english_name_required: false },
  { code: 'LDB', numeric_code: null, country: 'LA', name_th: 'ธนาคารพัฒนาลาว', name_en: 'Lao Development Bank', is_english_name_required: false },
  { code: 'APB', numeric_code: null, country: 'LA', name_th: 'ธนาคารส่งเสริมกสิกรรม', name_en: 'Agricultural Promotion Bank', is_english_name_required: false },
  { code: 'JDB', numeric_code: null, country: 'LA', name_th: 'ธนาคารร่วมพัฒนา', name_en: 'Joint Development Bank', is_english_name_required: false },
  { code: 'LVB', numeric_code: null, country: 'LA', name_th: 'ธนาคารร่วมทุนลาว-เวียด', name_en: 'Lao-Viet Bank', is_english_name_required: false },
  { code: 'PSV', numeric_code: null, country: 'LA', name_th: 'ธนาคารพงสะหวัน', name_en: 'Phongsavanh Bank', is_english_name_required: false },
  { code: 'BFL', numeric_code: null, country: 'LA', name_th: 'ธนาคารฝรั่ง-ลาว', name_en: 'Banque Franco-Lao', is_english_name_required: false },
  { code: 'IDCB', numeric_code: null, country: 'LA', name_th: 'ธนาคารอินโดจีน', name_en: 'Indochina Bank', is_english_name_required: false },
  { code: 'STB', numeric_code: null, country: 'LA', name_th: 'ธนาคารเอสที', name_en: 'ST Bank', is_english_name_required: false },
  { code: 'ACLEDA', numeric_code: null, country: 'LA', name_th: 'ธนาคารเอซีลีดา ลาว', name_en: 'ACLEDA Bank Lao', is_english_name_required: false },
];
