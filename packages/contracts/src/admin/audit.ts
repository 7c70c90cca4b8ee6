import { z } from 'zod';
import { textSchema } from '../fields.ts';
import { adminCall } from './admin-contract.ts';

export const auditRecordSchema = z.object({
  seq: z.number(),
  at: z.string(),
  operatorId: z.string().nullable(),
  operatorName: z.string(),
  ip: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  hash: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

const filterText = textSchema('INVALID_REQUEST').trim().max(100).optional();

/** The audit trail, newest first, filtered (docs/decisions/0014-back-office.md#audit-trail). */
export const adminAuditListContract = adminCall('POST', '/api/admin/audit', {
  body: z.strictObject({
    operator: filterText,
    action: filterText,
    targetType: filterText,
    targetId: filterText,
    from: z.iso.datetime({ offset: true, error: 'INVALID_REQUEST' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'INVALID_REQUEST' }).optional(),
    page: z.number().int().min(1).max(100_000).default(1),
    limit: z.number().int().min(1).max(100).default(50),
  }),
  response: z.object({ rows: z.array(auditRecordSchema), total: z.number() }),
  permission: 'audit.read',
});

/** Walks the whole chain: the first broken link, if any. */
export const adminAuditVerifyContract = adminCall('GET', '/api/admin/audit/verify', {
  response: z.object({
    isIntact: z.boolean(),
    records: z.number(),
    problem: z.string().nullable(),
    atSeq: z.number().nullable(),
  }),
  permission: 'audit.read',
});
