import { z } from 'zod';
import { lookupGet } from './contract.ts';
import { localizedTextSchema } from './fields.ts';

export const bankSchema = z.object({
  code: z.string(),
  nameTH: z.string(),
  nameEN: z.string(),
  country: z.enum(['TH', 'LA']),
  isEnglishNameRequired: z.boolean(),
});
export type Bank = z.infer<typeof bankSchema>;

export const lookupBanks = lookupGet('banks', z.array(bankSchema));

export const depositBankSchema = z.object({
  bankCode: z.string(),
  bankType: z.enum(['deposit', 'withdraw', 'both']),
  mode: z.enum(['auto', 'manual']),
  bank: z.object({ nameTH: z.string(), nameEN: z.string() }),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  currency: z.enum(['BAHT', 'LAK']),
});
export type DepositBank = z.infer<typeof depositBankSchema>;

export const depositWalletSchema = z.object({
  mode: z.enum(['truemoney', 'promptpay']),
  walletAccountName: z.string(),
  walletAccountNo: z.string(),
});
export type DepositWallet = z.infer<typeof depositWalletSchema>;

export const lookupDeposit = lookupGet(
  'deposit',
  z.object({
    banks: z.array(depositBankSchema),
    wallets: z.array(depositWalletSchema),
    isManual: z.boolean(),
  }),
);

export const lookupConditions = lookupGet(
  'conditions',
  z.object({ title: localizedTextSchema, html: localizedTextSchema }),
);

export const lookupAgreements = lookupGet(
  'agreements',
  z.object({ version: z.string(), title: localizedTextSchema, html: localizedTextSchema }),
);

export const brandSchema = z.object({
  name: z.string(),
  website: z.string(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  accentColor: z.string(),
});
export type Brand = z.infer<typeof brandSchema>;

export const lookupInfo = lookupGet('info', brandSchema);

export const lookupNotice = lookupGet('notice', z.object({ text: localizedTextSchema.nullable() }));

export const lookupContact = lookupGet(
  'contact',
  z.object({
    text: localizedTextSchema,
    lineId: z.string(),
    lineUrl: z.string(),
    lineQr: z.string(),
  }),
);

export const lookupWithdraw = lookupGet(
  'withdraw',
  z.object({ withdrawMin: z.number(), withdrawMax: z.number() }),
);

export const lookupSlip = lookupGet(
  'slip',
  z.object({
    isOpen: z.boolean(),
    closedFrom: z.string().nullable(),
    closedTo: z.string().nullable(),
  }),
);

export const sourceSchema = z.object({ code: z.string(), description: localizedTextSchema });

export const lookupSources = lookupGet('sources', z.array(sourceSchema));

export const lookupActive = lookupGet(
  'active',
  z.object({ terminated: z.enum(['gone']).nullable() }),
);

export const lookupRegisterOtp = lookupGet('registerOTP', z.object({ enabled: z.boolean() }));

export const lookupEnableChatWidget = lookupGet(
  'enableChatWidget',
  z.object({ enabled: z.boolean() }),
);

export const HOWTO_VIDEO_KEYS = ['wallet', 'play', 'balance', 'bonus', 'bonusCancel'] as const;
export type HowtoVideoKey = (typeof HOWTO_VIDEO_KEYS)[number];

/**
 * Where the how-to videos and posters the operator uploaded are served (docs/decisions/0020-howto-videos.md): public by
 * design, as the how-to page is, at an address that changes with every upload (so cached for good).
 */
export const HOWTO_MEDIA_PATH = '/api/files/howto/';
export const HOWTO_MEDIA_URL = /^\/api\/files\/howto\/[A-Za-z0-9_-]{43}\.(mp4|jpg|png)$/;

/** True for an uploaded video (played in a <video>), false for an operator's embeddable address (an iframe). */
export const isHowtoMediaUrl = (url: string) => HOWTO_MEDIA_URL.test(url);

/** One video: its address ('' when not set) and, for an uploaded one, its poster image ('' for none). */
export const howtoVideoSchema = z.object({ url: z.string(), posterUrl: z.string() });
const howtoTopicsSchema = z.object({
  wallet: howtoVideoSchema,
  play: howtoVideoSchema,
  balance: howtoVideoSchema,
  bonus: howtoVideoSchema,
  bonusCancel: howtoVideoSchema,
});

/** The how-to page's five videos in each language of the app (docs/back-office/settings.md#how-to-videos). */
export const lookupHowto = lookupGet(
  'howto',
  z.object({
    videos: z.object({ th: howtoTopicsSchema, la: howtoTopicsSchema, en: howtoTopicsSchema }),
  }),
);
