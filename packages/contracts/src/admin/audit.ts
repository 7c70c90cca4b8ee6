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

/**
 * How a record breaks the chain: missing (a gap), unlinked (its link is not the stored hash before it), changed (it
 * does not hash to what it stores), unkeyed (a plain hash after keyed ones), head (where the head says the chain ends),
 * anchor (it differs from, or is missing below, a head anchored outside the database).
 */
export const auditBreakKindSchema = z.enum([
  'missing',
  'unlinked',
  'changed',
  'unkeyed',
  'head',
  'anchor',
]);

export const auditBreakSchema = z.object({ seq: z.number(), kind: auditBreakKindSchema });
export type AuditBreak = z.infer<typeof auditBreakSchema>;

export const auditVerifyResponseSchema = z.object({
  isIntact: z.boolean(),
  records: z.number(),
  /** The first broken record, in words, and its place (null when intact). */
  problem: z.string().nullable(),
  atSeq: z.number().nullable(),
  /** Every broken record in chain order (the first 1000); brokenTotal counts them all. */
  broken: z.array(auditBreakSchema),
  brokenTotal: z.number(),
  /** The latest head anchored outside the database that the chain was compared with (null: none yet). */
  anchor: z.object({ seq: z.number(), at: z.string() }).nullable(),
});
export type AuditVerifyResponse = z.infer<typeof auditVerifyResponseSchema>;

/** Walks the whole chain and lists every broken record (docs/decisions/0014-back-office.md#audit-trail). */
export const adminAuditVerifyContract = adminCall('GET', '/api/admin/audit/verify', {
  response: auditVerifyResponseSchema,
  permission: 'audit.read',
});
