import { z } from 'zod';
import { memberCall } from './contract.ts';
import { textSchema } from './fields.ts';

/**
 * The member's acceptance of the operator's agreement (docs/back-office/settings.md#agreement): stored per member on
 * the server, so a new version asks every member again on every device.
 */
export const agreementStatusSchema = z.object({
  /** The current version; '' when the operator has published none. */
  version: z.string(),
  acceptedVersion: z.string().nullable(),
  isAcceptRequired: z.boolean(),
});
export type AgreementStatus = z.infer<typeof agreementStatusSchema>;

export const agreementStatus = memberCall('GET', '/api/account/agreement', {
  response: agreementStatusSchema,
});

/** Accepts the version the member read; a version that is no longer current answers AGREEMENT_VERSION_OUTDATED. */
export const agreementAccept = memberCall('POST', '/api/account/agreement', {
  body: z.strictObject({
    version: textSchema('AGREEMENT_VERSION_OUTDATED')
      .min(1, { error: 'AGREEMENT_VERSION_OUTDATED' })
      .max(40, { error: 'AGREEMENT_VERSION_OUTDATED' }),
  }),
  response: agreementStatusSchema,
});
