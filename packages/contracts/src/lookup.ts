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

/** The how-to page's video addresses (docs/back-office/settings.md#how-to-videos); '' for a video not yet set. */
export const lookupHowto = lookupGet(
  'howto',
  z.object({
    videos: z.object({
      wallet: z.string(),
      play: z.string(),
      balance: z.string(),
      bonus: z.string(),
      bonusCancel: z.string(),
    }),
  }),
);
