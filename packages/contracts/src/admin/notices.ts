import { z } from 'zod';
import { adminCall, okSchema } from './admin-contract.ts';

/**
 * What a back-office notice is about (docs/back-office/notices.md). Each kind has its own sentence in the back office's
 * three languages; `params` fill it in.
 */
export const noticeKindSchema = z.enum([
  /** An operator's solo adjustments today are near the second-approval line. */
  'adjustments.nearLine',
  /** A money-critical setting change waits for a second operator (or its delay). */
  'setting.pending',
  /** A waiting setting change took effect. */
  'setting.applied',
  /** A waiting setting change was cancelled. */
  'setting.cancelled',
  /** An owner account was created, or waits for a second owner. */
  'operator.ownerCreated',
]);
export type NoticeKind = z.infer<typeof noticeKindSchema>;

export const noticeParamsSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);
export type NoticeParams = z.infer<typeof noticeParamsSchema>;

export const noticeSchema = z.object({
  id: z.string(),
  kind: noticeKindSchema,
  params: noticeParamsSchema,
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** The signed-in operator's newest notices and how many are unread. */
export const adminNoticesListContract = adminCall('GET', '/api/admin/notices', {
  response: z.object({ rows: z.array(noticeSchema), unread: z.number() }),
  permission: null,
});

/** Marks every notice of the signed-in operator read. */
export const adminNoticesReadContract = adminCall('POST', '/api/admin/notices/read', {
  response: okSchema,
  permission: null,
});
