import { z } from 'zod';
import { isStorableText, TEXT_LAYOUT, textSchema, wholeNumberSchema } from '../fields.ts';

/** Field schemas of the back office's promotion calls (docs/back-office/promotions.md); each failure is a message code. */

/** The most a minor-unit amount may be: a billion baht, far inside a safe integer. */
const MAX_MINOR = 100_000_000_000;

const hasTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

export function line(code: string, max: number, min = 1) {
  return textSchema(code).trim().min(min, { error: code }).max(max, { error: code });
}

/** Html shown to members (sanitised by the clients); line breaks allowed, other control characters not. */
export function html(code: string, max: number) {
  return z
    .string({ error: code })
    .max(max, { error: code })
    .refine((s) => isStorableText(s, TEXT_LAYOUT), {
      error: 'INVALID_CHARACTERS',
    });
}

export function localized(text: z.ZodType<string>, code: string) {
  return z.strictObject({ th: text, la: text, en: text }, { error: code });
}

export function percent(code: string, max = 100) {
  return z
    .number({ error: code })
    .min(0, { error: code })
    .max(max, { error: code })
    .refine(hasTwoDecimals, { error: code });
}

export const minor = (code: string) => wholeNumberSchema(code, 0, MAX_MINOR);

export const count = (min: number, max: number) =>
  wholeNumberSchema('PROMO_COUNT_INVALID', min, max);

/** A bonus or promotion code as members type it: capitals, digits, _ and -. */
export const promoCodeSchema = textSchema('PROMO_CODE_INVALID')
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,32}$/, { error: 'PROMO_CODE_INVALID' });

/** A banner picture: an https address, a path of this site, or an inline image. */
export const bannerImage = textSchema('PROMO_BANNER_INVALID')
  .trim()
  .max(200_000, { error: 'PROMO_BANNER_INVALID' })
  .regex(
    /^(https:\/\/\S+|\/\S*|data:image\/(png|jpeg|webp|gif|svg\+xml);base64,[A-Za-z0-9+/=]+)$/,
    {
      error: 'PROMO_BANNER_INVALID',
    },
  );

export const adminBannerSchema = z.strictObject(
  {
    image: bannerImage,
    html: localized(html('PROMO_BANNER_INVALID', 5000), 'PROMO_BANNER_INVALID'),
  },
  { error: 'PROMO_BANNER_INVALID' },
);
export type AdminBanner = z.infer<typeof adminBannerSchema>;

export const bannersSchema = z.array(adminBannerSchema, { error: 'PROMO_BANNER_INVALID' }).max(5, {
  error: 'PROMO_BANNER_INVALID',
});

export const localizedOut = z.object({ th: z.string(), la: z.string(), en: z.string() });

/** A setting's banners as the back office reads them back. */
export const bannersOut = z.array(z.object({ image: z.string(), html: localizedOut }));
