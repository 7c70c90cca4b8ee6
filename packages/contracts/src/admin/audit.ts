import { z } from 'zod';
import {
  adminCall,
  filterTextSchema,
  filterTimeSchema,
  pageFields,
  pageOf,
} from './admin-contract.ts';

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

/** The audit trail, newest first, filtered (docs/decisions/0014-back-office.md#audit-trail). */
export const adminAuditListContract = adminCall('POST', '/api/admin/audit', {
  body: z.strictObject({
    operator: filterTextSchema,
    action: filterTextSchema,
    targetType: filterTextSchema,
    targetId: filterTextSchema,
    from: filterTimeSchema,
    to: filterTimeSchema,
    ...pageFields(50),
  }),
  response: pageOf(auditRecordSchema),
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
