import { z } from 'zod';
import { bankAccountNoSchema, textSchema } from '../fields.ts';
import { adminCall, idParams } from './admin-contract.ts';
import { settingChangeAnswerSchema } from './setting-changes.ts';

/**
 * The operator's deposit accounts and the game providers on or off, edited in the back office
 * (docs/back-office/settings.md).
 */

const flag = z.boolean({ error: 'INVALID_REQUEST' });

/** An operator account members pay deposits into (bank account or TrueMoney / PromptPay wallet). */
export const operatorAccountSchema = z.object({
  id: z.string(),
  kind: z.enum(['bank', 'wallet']),
  channel: z.string(),
  bankType: z.enum(['deposit', 'withdraw', 'both']),
  mode: z.enum(['auto', 'manual']),
  accountName: z.string(),
  accountNo: z.string(),
  currency: z.enum(['BAHT', 'LAK']),
  isEnabled: z.boolean(),
  sortOrder: z.number(),
});
export type OperatorAccount = z.infer<typeof operatorAccountSchema>;

/**
 * A bank account's channel is a bank code of the bank list; a wallet's is truemoney or promptpay. Numbers are digits
 * (a bank account 8 to 18 as members' accounts, a wallet a 10-digit phone or a 13-digit PromptPay id); the server
 * checks the bank code.
 */
export const operatorAccountBodySchema = z
  .strictObject({
    kind: z.enum(['bank', 'wallet'], { error: 'OPERATOR_ACCOUNT_INVALID' }),
    channel: textSchema('OPERATOR_ACCOUNT_INVALID')
      .trim()
      .regex(/^[A-Za-z0-9_-]{2,20}$/, { error: 'OPERATOR_ACCOUNT_INVALID' }),
    bankType: z.enum(['deposit', 'withdraw', 'both'], { error: 'OPERATOR_ACCOUNT_INVALID' }),
    mode: z.enum(['auto', 'manual'], { error: 'OPERATOR_ACCOUNT_INVALID' }),
    accountName: textSchema('BANK_ACCOUNT_NAME_REQUIRED')
      .trim()
      .min(1, { error: 'BANK_ACCOUNT_NAME_REQUIRED' })
      .max(100, { error: 'BANK_ACCOUNT_NAME_REQUIRED' }),
    accountNo: bankAccountNoSchema,
    currency: z.enum(['BAHT', 'LAK'], { error: 'CURRENCY_INVALID' }),
    isEnabled: flag,
  })
  .refine((a) => a.kind === 'bank' || a.channel === 'truemoney' || a.channel === 'promptpay', {
    error: 'OPERATOR_ACCOUNT_INVALID',
    path: ['channel'],
  })
  .refine((a) => a.kind === 'bank' || /^(\d{10}|\d{13})$/.test(a.accountNo), {
    error: 'BANK_ACCOUNT_NO_INVALID',
    path: ['accountNo'],
  });
export type OperatorAccountBody = z.input<typeof operatorAccountBodySchema>;

export const adminOperatorAccountsContract = adminCall(
  'GET',
  '/api/admin/settings/operator-accounts',
  {
    response: z.array(operatorAccountSchema),
    permission: 'settings.read',
  },
);

/**
 * Adding or editing an account members pay into is money-critical: a fresh re-authentication, and the change waits for
 * a second operator (setting-changes.ts); the answer tells the change now waiting.
 */
export const adminCreateOperatorAccountContract = adminCall(
  'POST',
  '/api/admin/settings/operator-accounts',
  {
    body: operatorAccountBodySchema,
    response: settingChangeAnswerSchema,
    permission: 'settings.money',
    isReauthRequired: true,
  },
);

export const adminUpdateOperatorAccountContract = adminCall(
  'PUT',
  '/api/admin/settings/operator-accounts/:id',
  {
    params: idParams,
    body: operatorAccountBodySchema,
    response: settingChangeAnswerSchema,
    permission: 'settings.money',
    isReauthRequired: true,
  },
);

/**
 * The new order of every operator account (each id once): the deposit screens list them in it. It takes effect at once:
 * it only reorders accounts that were each confirmed.
 */
export const adminOrderOperatorAccountsContract = adminCall(
  'POST',
  '/api/admin/settings/operator-accounts/order',
  {
    body: z.strictObject({
      ids: z
        .array(z.uuid({ error: 'ITEM_NOT_FOUND' }), { error: 'INVALID_REQUEST' })
        .min(1, { error: 'INVALID_REQUEST' })
        .max(500, { error: 'INVALID_REQUEST' }),
    }),
    response: z.array(operatorAccountSchema),
    permission: 'settings.money',
  },
);

export const gameProviderSettingSchema = z.object({
  code: z.string(),
  name: z.string(),
  category: z.string(),
  logo: z.string(),
  isEnabled: z.boolean(),
  sortOrder: z.number(),
});
export type GameProviderSetting = z.infer<typeof gameProviderSettingSchema>;

export const adminGameProvidersContract = adminCall('GET', '/api/admin/settings/game-providers', {
  response: z.array(gameProviderSettingSchema),
  permission: 'settings.read',
});

/** Switches one provider on or off: an off provider leaves the members' game list and refuses transfers to it. */
export const adminSetGameProviderContract = adminCall(
  'PUT',
  '/api/admin/settings/game-providers/:code',
  {
    params: z.object({
      code: textSchema('ITEM_NOT_FOUND').regex(/^[A-Z0-9_]{1,30}$/, { error: 'ITEM_NOT_FOUND' }),
    }),
    body: z.strictObject({ isEnabled: flag }),
    response: gameProviderSettingSchema,
    permission: 'settings.system',
  },
);
