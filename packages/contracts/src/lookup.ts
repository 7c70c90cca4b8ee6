import { z } from 'zod';
import { defineContract } from './contract.ts';
import { localizedTextSchema } from './fields.ts';

export const bankSchema = z.object({
  code: z.string(),
  nameTH: z.string(),
  nameEN: z.string(),
  country: z.enum(['TH', 'LA']),
  isEnglishNameRequired: z.boolean(),
});
export type Bank = z.infer<typeof bankSchema>;

export const lookupBanks = defineContract({
  method: 'GET',
  path: '/api/lookup/banks',
  response: z.array(bankSchema),
});

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

export const lookupDeposit = defineContract({
  method: 'GET',
  path: '/api/lookup/deposit',
  response: z.object({
    banks: z.array(depositBankSchema),
    wallets: z.array(depositWalletSchema),
    isManual: z.boolean(),
  }),
});

export const lookupConditions = defineContract({
  method: 'GET',
  path: '/api/lookup/conditions',
  response: z.object({ title: localizedTextSchema, html: localizedTextSchema }),
});

export const lookupAgreements = defineContract({
  method: 'GET',
  path: '/api/lookup/agreements',
  response: z.object({ version: z.string(), title: localizedTextSchema, html: localizedTextSchema }),
});

export const brandSchema = z.object({
  name: z.string(),
  website: z.string(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  accentColor: z.string(),
});
export type Brand = z.infer<typeof brandSchema>;

export const lookupInfo = defineContract({
  method: 'GET',
  path: '/api/lookup/info',
  response: brandSchema,
});

export const lookupNotice = defineContract({
  method: 'GET',
  path: '/api/lookup/notice',
  response: z.object({ text: localizedTextSchema.nullable() }),
});

export const lookupContact = defineContract({
  method: 'GET',
  path: '/api/lookup/contact',
  response: z.object({
    text: localizedTextSchema,
    lineId: z.string(),
    lineUrl: z.string(),
    lineQr: z.string(),
  }),
});

export const lookupWithdraw = defineContract({
  method: 'GET',
  path: '/api/lookup/withdraw',
  response: z.object({ withdrawMin: z.number(), withdrawMax: z.number() }),
});

export const lookupSlip = defineContract({
  method: 'GET',
  path: '/api/lookup/slip',
  response: z.object({
    isOpen: z.boolean(),
    closedFrom: z.string().nullable(),
    closedTo: z.string().nullable(),
  }),
});

export const sourceSchema = z.object({ code: z.string(), description: localizedTextSchema });

export const lookupSources = defineContract({
  method: 'GET',
  path: '/api/lookup/sources',
  response: z.array(sourceSchema),
});

export const lookupActive = defineContract({
  method: 'GET',
  path: '/api/lookup/active',
  response: z.object({ terminated: z.enum(['gone']).nullable() }),
});

export const lookupRegisterOtp = defineContract({
  method: 'GET',
  path: '/api/lookup/registerOTP',
  response: z.object({ enabled: z.boolean() }),
});

export const lookupEnableChatWidget = defineContract({
  method: 'GET',
  path: '/api/lookup/enableChatWidget',
  response: z.object({ enabled: z.boolean() }),
});
