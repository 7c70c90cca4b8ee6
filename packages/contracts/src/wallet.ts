import { z } from 'zod';
import { bankAccountSchema, profileSchema } from './account.ts';
import { memberCall } from './contract.ts';
import { textSchema } from './fields.ts';
import { amountSchema, MONEY_STATUSES } from './money.ts';

export const GAME_PROVIDERS = [
  'JOKER', 'SEXYGAME', 'BETFLIX', 'ASKMEBET', 'UFABET', 'SUPERSLOT', 'PG', 'SLOTXO',
  'IMI', 'USUN', 'AREASLOT', 'CIRCUS', 'SLOTRACHA', 'PGSLOT', 'JOKER2', 'HUAYHD',
] as const;
export type GameProviderCode = (typeof GAME_PROVIDERS)[number];

export const GAME_CATEGORIES = ['slot', 'sport', 'casino', 'lotto'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** The main wallet's name in transfer calls (D5). */
export const WALLET = 'wallet';

export const gameEntrySchema = z.object({
  code: z.string(),
  name: z.string(),
  category: z.enum(GAME_CATEGORIES),
  logo: z.string(),
  background: z.string(),
  amount: z.number(),
  isActive: z.boolean(),
  hasAutoLogin: z.boolean(),
  web: z.string().nullable(),
  android: z.string().nullable(),
  ios: z.string().nullable(),
});
export type GameEntry = z.infer<typeof gameEntrySchema>;

export const walletResponseSchema = z.object({
  profile: profileSchema,
  bankAccount: bankAccountSchema,
  wallet: z.object({ amount: z.number(), bonusAmount: z.number(), hasReceivedBonus: z.boolean() }),
  overall: z.object({
    total: z.number(),
    timesync: z.string(),
    inviteAmount: z.number(),
    inviteSuccess: z.number(),
    inviteFail: z.number(),
  }),
  slots: z.array(gameEntrySchema),
});
export type WalletResponse = z.infer<typeof walletResponseSchema>;

export const walletGet = memberCall('GET', '/api/wallet', { response: walletResponseSchema });

export const walletRefreshSlot = memberCall('GET', '/api/wallet/refresh/slot', {
  response: walletResponseSchema,
});

export const providerParamsSchema = z.strictObject({
  code: textSchema('NO_GAME').max(20, { error: 'NO_GAME' }).transform((s) => s.toUpperCase()),
});

/**
 * One game balance read from its provider (not the last synced figure), answered with the whole wallet: the member
 * back from that game (docs/decisions/0023-prize-claim-and-game-return.md).
 */
export const walletRefreshSlotOne = memberCall('GET', '/api/wallet/refresh/slot/:code', {
  params: providerParamsSchema,
  response: walletResponseSchema,
});

export const walletActivate = memberCall('GET', '/api/wallet/activate/:code', {
  params: providerParamsSchema,
  response: z.object({ message: z.literal('SUCCESS'), slot: gameEntrySchema }),
});

export const slotAccountSchema = z.object({ username: z.string(), password: z.string() });
export type SlotAccount = z.infer<typeof slotAccountSchema>;

/** Both calls name a game and answer with the member's login there (the reset one with its new password). */
const slotAccountParts = { params: providerParamsSchema, response: slotAccountSchema };
export const walletAccount = memberCall('GET', '/api/wallet/account/:code', slotAccountParts);
export const walletResetPassword = memberCall(
  'GET',
  '/api/wallet/resetpassword/:code',
  slotAccountParts,
);

const accountRefSchema = textSchema('NO_GAME')
  .trim()
  .min(1, { error: 'NO_GAME' })
  .max(20, { error: 'NO_GAME' });

export const moneyMoveResponseSchema = z.object({
  message: z.enum(['SUCCESS', 'TRANSFER_PENDING']),
  transferId: z.string(),
  status: z.enum(MONEY_STATUSES),
});

export const transferBodySchema = z.strictObject({
  from: accountRefSchema,
  to: accountRefSchema,
  amount: amountSchema('TRANSFER_MINIMUM'),
});

export const walletTransfer = memberCall('POST', '/api/wallet/transfer', {
  body: transferBodySchema,
  response: moneyMoveResponseSchema,
});

export const walletTransferAll = memberCall('POST', '/api/wallet/transferAll', {
  body: z.strictObject({ to: accountRefSchema }),
  response: z.object({ message: z.enum(['SUCCESS', 'TRANSFER_PENDING']), amount: z.number() }),
});

export const withdrawBodySchema = z.strictObject({ amount: amountSchema('WITHDRAW_MINIMUM') });

export const withdrawResponseSchema = z.object({
  message: z.enum(['SUCCESS', 'WITHDRAW_PENDING']),
  withdrawalId: z.string(),
  status: z.enum(MONEY_STATUSES),
});

/** Both withdrawals take the amount and answer alike (withdrawAll first gathers the game balances). */
const withdrawParts = { body: withdrawBodySchema, response: withdrawResponseSchema };
export const walletWithdraw = memberCall('POST', '/api/wallet/withdraw', withdrawParts);
export const walletWithdrawAll = memberCall('POST', '/api/wallet/withdrawAll', withdrawParts);

const autoLoginParams = {
  provider: textSchema('NO_GAME').max(20, { error: 'NO_GAME' }).transform((s) => s.toUpperCase()),
  username: textSchema('SLOT_NO_ACCOUNT').max(64, { error: 'SLOT_NO_ACCOUNT' }),
};

export const autoLogin = memberCall('GET', '/api/autoLogin/:provider/:username', {
  params: z.strictObject(autoLoginParams),
  response: z.object({ url: z.string() }),
});

export const autoLoginWithPassword = memberCall('GET', '/api/autoLogin/:provider/:username/:password', {
  params: z.strictObject({ ...autoLoginParams, password: textSchema('SLOT_NO_ACCOUNT').max(128, { error: 'SLOT_NO_ACCOUNT' }) }),
  response: z.object({ url: z.string() }),
});
