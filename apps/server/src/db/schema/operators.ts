import type { ColumnType, Generated } from 'kysely';
import type { Int8, Timestamp } from '@/db/schema/column-types.ts';

/** Back office (docs/decisions/0014-back-office.md): operators, their sessions, queue claims and the audit trail. */

export type OperatorRole = 'owner' | 'finance' | 'support' | 'marketing' | 'auditor';

export type OperatorStatus = 'active' | 'disabled' | 'pending';

export type OperatorsTable = {
  id: string;
  username: string;
  display_name: string;
  role: OperatorRole;
  password_hash: string;
  totp_secret: string | null;
  totp_enrolled_at: Timestamp | null;
  /** The last TOTP time step accepted: a code is never accepted twice. */
  totp_last_step: Int8 | null;
  /** pending: a new owner waiting for a second owner's confirmation (docs/back-office/operators.md). */
  status: ColumnType<OperatorStatus, OperatorStatus | undefined>;
  /** The password was given by someone else (creation, reset): the operator chooses their own before anything else. */
  must_set_password: ColumnType<boolean, boolean | undefined>;
  failed_attempts: ColumnType<number, number | undefined, number>;
  locked_until: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/**
 * Who created, reset, unlocked or promoted (to owner) which operator, and when: an approver is checked against the
 * requester with it (docs/back-office/operators.md#independent-approver).
 */
export type OperatorAccountActionsTable = {
  id: string;
  operator_id: string;
  by_operator_id: string;
  action: 'created' | 'two_factor_reset' | 'unlocked' | 'promoted';
  at: Timestamp;
};

export type OperatorRecoveryCodesTable = {
  id: string;
  operator_id: string;
  code_hash: string;
  used_at: Timestamp | null;
};

export type OperatorSessionsTable = {
  id: string;
  operator_id: string;
  token_hash: string;
  /** challenge: the password was right, the second factor not given yet. */
  stage: 'challenge' | 'signed_in';
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  reauth_at: Timestamp | null;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
};

export type WorkClaimsTable = {
  queue: string;
  item_id: string;
  operator_id: string;
  claimed_at: Timestamp;
  expires_at: Timestamp;
};

export type AuditHeadTable = { id: number; seq: Int8; hash: string };

export type AuditLogTable = {
  seq: Int8;
  at: Timestamp;
  operator_id: string | null;
  operator_name: string;
  ip: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  prev_hash: string;
  hash: string;
  /** 1: plain SHA-256 (records before migration 0033); 2: HMAC-SHA256 with AUDIT_HMAC_KEY. */
  hash_version: Generated<number>;
};

/** A back-office notice to one operator (docs/back-office/notices.md). */
export type OperatorNoticesTable = {
  id: string;
  operator_id: string;
  kind: string;
  params: ColumnType<Record<string, unknown>, string, never>;
  created_at: Timestamp;
  read_at: Timestamp | null;
};
