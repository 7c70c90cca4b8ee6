import { statementsMigration } from '@/db/migrations/run-statements.ts';

// The back office (docs/decisions/0014-back-office.md): operators with roles and TOTP, their sessions, the queue claims
// and the append-only audit trail chained by hash. audit_head holds the chain's end: locking it serializes appends,
// and a removed last record no longer matches it.
export const migration0021 = statementsMigration(
  [
    `create table operators (
      id uuid primary key,
      username text not null unique,
      display_name text not null,
      role text not null check (role in ('owner', 'finance', 'support', 'marketing', 'auditor')),
      password_hash text not null,
      totp_secret text,
      totp_enrolled_at timestamptz,
      totp_last_step bigint,
      status text not null default 'active' check (status in ('active', 'disabled')),
      failed_attempts int not null default 0,
      locked_until timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`,
    `create table operator_recovery_codes (
      id uuid primary key,
      operator_id uuid not null references operators (id),
      code_hash text not null,
      used_at timestamptz,
      constraint operator_recovery_codes_key unique (operator_id, code_hash)
    )`,
    `create table operator_sessions (
      id uuid primary key,
      operator_id uuid not null references operators (id),
      token_hash text not null unique,
      stage text not null check (stage in ('challenge', 'signed_in')),
      created_at timestamptz not null,
      last_used_at timestamptz not null,
      expires_at timestamptz not null,
      reauth_at timestamptz,
      revoked_at timestamptz,
      ip text,
      user_agent text
    )`,
    `create index operator_sessions_operator_idx on operator_sessions (operator_id) where revoked_at is null`,
    `create table work_claims (
      queue text not null,
      item_id text not null,
      operator_id uuid not null references operators (id),
      claimed_at timestamptz not null,
      expires_at timestamptz not null,
      primary key (queue, item_id)
    )`,
    `create table audit_head (
      id int primary key check (id = 1),
      seq bigint not null,
      hash text not null
    )`,
    `insert into audit_head (id, seq, hash) values (1, 0, 'genesis')`,
    `create table audit_log (
      seq bigint primary key,
      at timestamptz not null,
      operator_id uuid,
      operator_name text not null,
      ip text,
      action text not null,
      target_type text not null,
      target_id text,
      before jsonb,
      after jsonb,
      reason text,
      prev_hash text not null,
      hash text not null
    )`,
    `create index audit_log_target_idx on audit_log (target_type, target_id)`,
    `create index audit_log_operator_idx on audit_log (operator_id, seq)`,
    `create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only' using errcode = 'P0001';
    end $$`,
    `create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_append_only()`,
    `create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`,
  ],
  [
    `drop table if exists audit_log`,
    `drop function if exists audit_log_append_only()`,
    `drop table if exists audit_head`,
    `drop table if exists work_claims`,
    `drop table if exists operator_sessions`,
    `drop table if exists operator_recovery_codes`,
    `drop table if exists operators`,
  ],
);
