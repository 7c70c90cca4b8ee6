import { z } from 'zod';
import { adminCall, idParams, okSchema } from './admin-contract.ts';

/**
 * Money-critical settings (docs/back-office/settings.md#changes-that-wait-for-a-second-operator): saving one needs a
 * fresh re-authentication and does not take effect at once. The change waits until a second operator confirms it, or
 * until SETTING_CHANGE_DELAY_MS have passed without an owner cancelling it.
 */
export const GUARDED_SETTING_KEYS = [
  'withdraw',
  'withdrawLimits',
  'approvals',
  'service',
  'registerOtp',
  'adminAccess',
] as const;
export type GuardedSettingKey = (typeof GUARDED_SETTING_KEYS)[number];

export function isGuardedSettingKey(key: string): key is GuardedSettingKey {
  return (GUARDED_SETTING_KEYS as readonly string[]).includes(key);
}

/** What a waiting change is about: one of the guarded settings, or an operator deposit account (added or edited). */
export const settingChangeSubjectSchema = z.enum([
  ...GUARDED_SETTING_KEYS,
  'operatorAccount',
] as const);
export type SettingChangeSubject = z.infer<typeof settingChangeSubjectSchema>;

/** How long a change waits when no second operator confirms it: at least an hour, during which any owner may cancel. */
export const SETTING_CHANGE_DELAY_MS = 60 * 60_000;

export const pendingSettingChangeSchema = z.object({
  id: z.string(),
  subject: settingChangeSubjectSchema,
  /** The deposit account changed (a new account's id to be); null for a setting. */
  accountId: z.string().nullable(),
  /** What is in effect now; null for a new deposit account. */
  before: z.record(z.string(), z.unknown()).nullable(),
  /** What takes effect when confirmed, or at effectiveAt. */
  value: z.record(z.string(), z.unknown()),
  requestedBy: z.string(),
  requestedAt: z.string(),
  /** When it takes effect by itself unless an owner cancels it first. */
  effectiveAt: z.string(),
  /** The signed-in operator may confirm it: another operator than the requester, with the permission to save it. */
  canConfirm: z.boolean(),
  /** The signed-in operator may cancel it (owners). */
  canCancel: z.boolean(),
});
export type PendingSettingChange = z.infer<typeof pendingSettingChangeSchema>;

/** The answer of a guarded save: the change now waiting, or null when the value was already in effect. */
export const settingChangeAnswerSchema = z.object({
  message: z.literal('OK'),
  pending: pendingSettingChangeSchema.nullable(),
});
export type SettingChangeAnswer = z.infer<typeof settingChangeAnswerSchema>;

/** Every change waiting, oldest first; changes past their time are applied before the list is answered. */
export const adminPendingSettingChangesContract = adminCall('GET', '/api/admin/settings/pending', {
  response: z.array(pendingSettingChangeSchema),
  permission: 'settings.read',
});

/**
 * A second operator confirms a waiting change: it takes effect at once. Needs a fresh re-authentication and the
 * permission to save what it changes; the requester cannot confirm their own (SELF_APPROVAL).
 */
export const adminConfirmSettingChangeContract = adminCall(
  'POST',
  '/api/admin/settings/pending/:id/confirm',
  {
    params: idParams,
    response: okSchema,
    permission: 'settings.read',
    isReauthRequired: true,
  },
);

/** An owner cancels a waiting change: it never takes effect. */
export const adminCancelSettingChangeContract = adminCall(
  'POST',
  '/api/admin/settings/pending/:id/cancel',
  {
    params: idParams,
    response: okSchema,
    permission: 'settings.system',
  },
);
