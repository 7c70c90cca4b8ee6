import { z } from 'zod';
import { isStorableText, TEXT_LAYOUT, textSchema, wholeNumberSchema } from '../fields.ts';
import { LOCALES } from '../constants.ts';
import {
  brandSchema,
  HOWTO_MEDIA_URL,
  HOWTO_VIDEO_KEYS,
  howtoVideoSchema,
  lookupConditions,
  lookupContact,
  lookupHowto,
  type HowtoVideoKey,
} from '../lookup.ts';
import { adminCall, okSchema } from './admin-contract.ts';
import { settingChangeAnswerSchema } from './setting-changes.ts';

/**
 * Operator settings of DESIGN D10 edited in the back office (docs/back-office/settings.md), except promotions. Amounts
 * are integer minor units (satang, docs/design.md#money). Each key is saved whole by its own PUT.
 */

const text = (max: number) =>
  textSchema('SETTING_TEXT_INVALID')
    .trim()
    .min(1, { error: 'SETTING_TEXT_INVALID' })
    .max(max, { error: 'SETTING_TEXT_INVALID' });

const longText = (max: number) =>
  z
    .string({ error: 'SETTING_TEXT_INVALID' })
    .refine((v) => isStorableText(v, TEXT_LAYOUT), {
      error: 'INVALID_CHARACTERS',
      abort: true,
    })
    .trim()
    .min(1, { error: 'SETTING_TEXT_INVALID' })
    .max(max, { error: 'SETTING_TEXT_INVALID' });

/** A text in the three languages of the member app, each required. */
const localized = (max: number) =>
  z.strictObject(
    { th: longText(max), la: longText(max), en: longText(max) },
    { error: 'SETTING_TEXT_INVALID' },
  );

const httpsUrl = textSchema('SETTING_URL_INVALID')
  .trim()
  .max(500, { error: 'SETTING_URL_INVALID' })
  .regex(/^https:\/\/[^\s/$.?#][^\s]*$/i, { error: 'SETTING_URL_INVALID' });

/** An https address or nothing ('' or null clears it). */
const optionalUrl = z.union([z.literal(''), httpsUrl], { error: 'SETTING_URL_INVALID' });

const color = textSchema('SETTING_COLOR_INVALID').regex(/^#[0-9a-fA-F]{6}$/, {
  error: 'SETTING_COLOR_INVALID',
});

/** Ten billion baht: far above any real limit, far below where a float loses whole satang. */
export const MAX_SETTING_MINOR = 1_000_000_000_000;
const minor = (isZeroAllowed = false) =>
  wholeNumberSchema('SETTING_AMOUNT_INVALID', isZeroAllowed ? 0 : 1, MAX_SETTING_MINOR);

const flag = z.boolean({ error: 'INVALID_REQUEST' });
const timeOfDay = z
  .string({ error: 'SETTING_TIME_INVALID' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'SETTING_TIME_INVALID' });

export const brandSettingSchema = z.strictObject({
  name: text(60),
  website: optionalUrl,
  logoUrl: optionalUrl.nullable().transform((v) => v || null),
  primaryColor: color,
  accentColor: color,
});

export const contactSettingSchema = z.strictObject({
  text: localized(2_000),
  lineId: text(60),
  lineUrl: httpsUrl,
  /** A picture (data: URL or https) of the LINE QR code; the member contact page shows it. */
  lineQr: z
    .string({ error: 'SETTING_URL_INVALID' })
    .max(200_000, { error: 'SETTING_URL_INVALID' })
    .regex(/^(https:\/\/\S+|data:image\/(svg\+xml|png|jpeg|webp);base64,[A-Za-z0-9+/=]+)$/, {
      error: 'SETTING_URL_INVALID',
    }),
});

export const conditionsSettingSchema = z.strictObject({
  title: localized(200),
  html: localized(50_000),
});

/** The stored agreement: a new version makes every member accept it again (docs/back-office/settings.md#agreement). */
export const agreementSettingSchema = z.object({
  version: z.string(),
  title: z.object({ th: z.string(), la: z.string(), en: z.string() }),
  html: z.object({ th: z.string(), la: z.string(), en: z.string() }),
});

/** Saving the agreement: `isNewVersion` issues a new version (every member accepts again); else a wording fix. */
export const agreementSaveSchema = z.strictObject({
  title: localized(200),
  html: localized(50_000),
  isNewVersion: flag,
});

export const noticeSettingSchema = z.strictObject({ text: localized(500).nullable() });

/** An uploaded how-to video or poster, as the upload call answered it. */
const howtoMediaUrl = textSchema('SETTING_URL_INVALID').regex(HOWTO_MEDIA_URL, {
  error: 'SETTING_URL_INVALID',
});

/**
 * One how-to video: an operator's embeddable https address (shown in an iframe), an uploaded video with its poster
 * (docs/decisions/0020-howto-videos.md), or '' for none.
 */
const howtoVideoSave = z.strictObject(
  {
    url: z.union([optionalUrl, howtoMediaUrl], { error: 'SETTING_URL_INVALID' }),
    posterUrl: z.union([z.literal(''), howtoMediaUrl], { error: 'SETTING_URL_INVALID' }),
  },
  { error: 'SETTING_URL_INVALID' },
);
const howtoTopicsSave = z.strictObject(
  Object.fromEntries(HOWTO_VIDEO_KEYS.map((key) => [key, howtoVideoSave])) as Record<
    HowtoVideoKey,
    typeof howtoVideoSave
  >,
  { error: 'SETTING_URL_INVALID' },
);
/** The how-to page's five videos in each language (docs/spec.md howto); '' shows a video as unavailable. */
export const howtoSettingSchema = z.strictObject({
  videos: z.strictObject(
    { th: howtoTopicsSave, la: howtoTopicsSave, en: howtoTopicsSave },
    { error: 'SETTING_URL_INVALID' },
  ),
});

/** The multipart fields of a how-to upload: the mp4 video (required) and a JPEG or PNG poster (optional). */
export const HOWTO_VIDEO_FIELD = 'video';
export const HOWTO_POSTER_FIELD = 'poster';
export const HOWTO_VIDEO_MAX_BYTES = 30 * 1024 * 1024;
export const HOWTO_POSTER_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Uploads one language's video for one topic (multipart, HOWTO_VIDEO_FIELD and HOWTO_POSTER_FIELD): the bytes are kept
 * as operator content and the topic's entry of the how-to setting points at them, audited as a setting change.
 */
export const adminUploadHowtoVideoContract = adminCall(
  'POST',
  '/api/admin/settings/howto/:language/:topic',
  {
    params: z.object({
      language: z.enum(LOCALES, { error: 'ITEM_NOT_FOUND' }),
      topic: z.enum(HOWTO_VIDEO_KEYS, { error: 'ITEM_NOT_FOUND' }),
    }),
    response: howtoVideoSchema,
    permission: 'settings.content',
  },
);

export const depositSettingSchema = z.strictObject({ isManual: flag });

export const withdrawSettingSchema = z
  .strictObject({ minMinor: minor(), maxMinor: minor() })
  .refine((w) => w.minMinor <= w.maxMinor, { error: 'SETTING_LIMITS_INVALID', path: ['maxMinor'] });

export const withdrawLimitsSettingSchema = z.strictObject({
  dailyCount: wholeNumberSchema('SETTING_LIMITS_INVALID', 1, 1_000),
  dailyAmountMinor: minor(),
  /** 0 sends every withdrawal to an operator. */
  autoPayoutMaxMinor: minor(true),
});

export const approvalsSettingSchema = z.strictObject({
  secondApprovalAboveMinor: minor(true),
  adjustLimitMinor: z.strictObject({ owner: minor(true), finance: minor(true) }),
});

export const slipSettingSchema = z
  .strictObject({ closedFrom: timeOfDay.nullable(), closedTo: timeOfDay.nullable() })
  .refine(
    (s) =>
      (s.closedFrom === null) === (s.closedTo === null) &&
      (s.closedFrom === null || s.closedFrom !== s.closedTo),
    {
      error: 'SETTING_TIME_INVALID',
      path: ['closedTo'],
    },
  );

export const switchSettingSchema = z.strictObject({ enabled: flag });
export const serviceSettingSchema = z.strictObject({ terminated: flag });
/** The support chat: how many unresolved conversations one agent may hold (docs/decisions/0015-support-chat.md#agents). */
export const CHAT_AGENT_LIMIT_DEFAULT = 5;
export const chatSettingSchema = z.strictObject({
  agentLimit: z
    .number({ error: 'INVALID_REQUEST' })
    .int({ error: 'INVALID_REQUEST' })
    .min(1, { error: 'INVALID_REQUEST' })
    .max(100, { error: 'INVALID_REQUEST' }),
});

export const adminAccessSettingSchema = z.strictObject({
  /** Addresses or CIDR ranges; empty allows any. The server refuses a list that would shut out the saving operator. */
  ipAllowlist: z
    .array(
      textSchema('SETTING_ALLOWLIST_INVALID')
        .trim()
        .max(64, { error: 'SETTING_ALLOWLIST_INVALID' }),
      {
        error: 'SETTING_ALLOWLIST_INVALID',
      },
    )
    .max(100, { error: 'SETTING_ALLOWLIST_INVALID' }),
  idleMinutes: wholeNumberSchema('SETTING_SESSION_LIMITS_INVALID', 5, 240),
  absoluteHours: wholeNumberSchema('SETTING_SESSION_LIMITS_INVALID', 1, 24),
});

/**
 * Every setting key of this area, its body schema on save, and the permission its save needs. The keys of
 * GUARDED_SETTING_KEYS (setting-changes.ts) are money-critical: a save needs a fresh re-authentication and waits for a
 * second operator.
 */
export const settingSaves = {
  brand: { body: brandSettingSchema, permission: 'settings.content' },
  contact: { body: contactSettingSchema, permission: 'settings.content' },
  conditions: { body: conditionsSettingSchema, permission: 'settings.content' },
  agreement: { body: agreementSaveSchema, permission: 'settings.content' },
  notice: { body: noticeSettingSchema, permission: 'settings.content' },
  howto: { body: howtoSettingSchema, permission: 'settings.content' },
  deposit: { body: depositSettingSchema, permission: 'settings.money' },
  withdraw: { body: withdrawSettingSchema, permission: 'settings.money' },
  withdrawLimits: { body: withdrawLimitsSettingSchema, permission: 'settings.money' },
  approvals: { body: approvalsSettingSchema, permission: 'settings.system' },
  slip: { body: slipSettingSchema, permission: 'settings.system' },
  registerOtp: { body: switchSettingSchema, permission: 'settings.system' },
  chatWidget: { body: switchSettingSchema, permission: 'settings.system' },
  chat: { body: chatSettingSchema, permission: 'settings.system' },
  service: { body: serviceSettingSchema, permission: 'settings.system' },
  adminAccess: { body: adminAccessSettingSchema, permission: 'settings.system' },
} as const;
export type AdminSettingKey = keyof typeof settingSaves;
export const ADMIN_SETTING_KEYS = Object.keys(settingSaves) as AdminSettingKey[];

const storedSwitch = z.object({ enabled: z.boolean() });
const storedLocalized = z.object({ th: z.string(), la: z.string(), en: z.string() });

/** Every setting as stored (the agreement with its version); null for a content setting never written. */
export const adminSettingsSchema = z.object({
  brand: brandSchema.nullable(),
  contact: lookupContact.response.nullable(),
  conditions: lookupConditions.response.nullable(),
  agreement: agreementSettingSchema.nullable(),
  notice: z.object({ text: storedLocalized.nullable() }),
  howto: lookupHowto.response,
  deposit: z.object({ isManual: z.boolean() }),
  withdraw: z.object({ minMinor: z.number(), maxMinor: z.number() }).nullable(),
  withdrawLimits: z.object({
    dailyCount: z.number(),
    dailyAmountMinor: z.number(),
    autoPayoutMaxMinor: z.number(),
  }),
  approvals: z.object({
    secondApprovalAboveMinor: z.number(),
    adjustLimitMinor: z.object({ owner: z.number(), finance: z.number() }),
  }),
  slip: z.object({ closedFrom: z.string().nullable(), closedTo: z.string().nullable() }),
  registerOtp: storedSwitch,
  chatWidget: storedSwitch,
  chat: z.object({ agentLimit: z.number() }),
  service: z.object({ terminated: z.boolean() }),
  adminAccess: z.object({
    ipAllowlist: z.array(z.string()),
    idleMinutes: z.number(),
    absoluteHours: z.number(),
  }),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

export const adminSettingsGetContract = adminCall('GET', '/api/admin/settings', {
  response: adminSettingsSchema,
  permission: 'settings.read',
});

function saveContract<K extends AdminSettingKey>(key: K) {
  const { body, permission } = settingSaves[key];
  return adminCall('PUT', `/api/admin/settings/${key}`, {
    body: body as (typeof settingSaves)[K]['body'],
    response: okSchema,
    permission,
  });
}

/** A guarded key's save: a fresh re-authentication, and the answer tells the change now waiting. */
function guardedSaveContract<K extends AdminSettingKey>(key: K) {
  const { body, permission } = settingSaves[key];
  return adminCall('PUT', `/api/admin/settings/${key}`, {
    body: body as (typeof settingSaves)[K]['body'],
    response: settingChangeAnswerSchema,
    permission,
    isReauthRequired: true,
  });
}

export const adminSaveBrandContract = saveContract('brand');
export const adminSaveContactContract = saveContract('contact');
export const adminSaveConditionsContract = saveContract('conditions');
export const adminSaveAgreementContract = saveContract('agreement');
export const adminSaveNoticeContract = saveContract('notice');
export const adminSaveHowtoContract = saveContract('howto');
export const adminSaveDepositContract = saveContract('deposit');
export const adminSaveWithdrawContract = guardedSaveContract('withdraw');
export const adminSaveWithdrawLimitsContract = guardedSaveContract('withdrawLimits');
export const adminSaveApprovalsContract = guardedSaveContract('approvals');
export const adminSaveSlipContract = saveContract('slip');
export const adminSaveRegisterOtpContract = guardedSaveContract('registerOtp');
export const adminSaveChatWidgetContract = saveContract('chatWidget');
export const adminSaveChatContract = saveContract('chat');
export const adminSaveServiceContract = guardedSaveContract('service');
export const adminSaveAdminAccessContract = guardedSaveContract('adminAccess');

/** One save contract per key, for the server's routes and the back office's forms. */
export const adminSettingSaveContracts = {
  brand: adminSaveBrandContract,
  contact: adminSaveContactContract,
  conditions: adminSaveConditionsContract,
  agreement: adminSaveAgreementContract,
  notice: adminSaveNoticeContract,
  howto: adminSaveHowtoContract,
  deposit: adminSaveDepositContract,
  withdraw: adminSaveWithdrawContract,
  withdrawLimits: adminSaveWithdrawLimitsContract,
  approvals: adminSaveApprovalsContract,
  slip: adminSaveSlipContract,
  registerOtp: adminSaveRegisterOtpContract,
  chatWidget: adminSaveChatWidgetContract,
  chat: adminSaveChatContract,
  service: adminSaveServiceContract,
  adminAccess: adminSaveAdminAccessContract,
} as const;
