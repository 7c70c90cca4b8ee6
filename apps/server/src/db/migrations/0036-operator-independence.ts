import { statementsMigration } from '@/db/migrations/run-statements.ts';

// An owner cannot approve their own request through a second account (docs/back-office/operators.md):
// - must_set_password: a new or reset operator chooses their own password before anything else;
// - status 'pending': a new owner waits for a second owner's confirmation;
// - operator_account_actions: who created, reset, unlocked or promoted (to owner) whom and when, so an approver can be
//   checked against the requester and a pending owner's confirmer against who asked. Filled from the audit trail for
//   what happened before.

/** What happened before the table existed, read from the audit trail (exported for its test). */
export const backfill = [
  `insert into operator_account_actions (id, operator_id, by_operator_id, action, at)
      select gen_random_uuid(), o.id, a.operator_id::uuid,
        case a.action when 'operator.created' then 'created'
          when 'operator.two_factor_reset' then 'two_factor_reset' else 'unlocked' end,
        a.at
      from audit_log a join operators o on o.id::text = a.target_id
      where a.target_type = 'operator' and a.operator_id is not null
        and a.action in ('operator.created', 'operator.two_factor_reset', 'operator.unlocked')`,
  // An operator an owner created who never chose their own password still signs in with the one the owner saw.
  `update operators o set must_set_password = true
      where exists (select 1 from operator_account_actions x where x.operator_id = o.id and x.action = 'created')
        and not exists (select 1 from audit_log a where a.operator_id::text = o.id::text
          and a.action in ('operator.password_changed', 'operator.password_set'))`,
];

export const migration0036 = statementsMigration(
  [
    `alter table operators add column must_set_password boolean not null default false`,
    `alter table operators drop constraint operators_status_check`,
    `alter table operators add constraint operators_status_check
      check (status in ('active', 'disabled', 'pending'))`,
    `create table operator_account_actions (
      id uuid primary key,
      operator_id uuid not null references operators (id),
      by_operator_id uuid not null references operators (id),
      action text not null check (action in ('created', 'two_factor_reset', 'unlocked', 'promoted')),
      at timestamptz not null
    )`,
    `create index operator_account_actions_by on operator_account_actions (by_operator_id, at)`,
    `create index operator_account_actions_of on operator_account_actions (operator_id, at)`,
    ...backfill,
  ],
  [
    `drop table if exists operator_account_actions`,
    `update operators set status = 'disabled' where status = 'pending'`,
    `alter table operators drop constraint operators_status_check`,
    `alter table operators add constraint operators_status_check check (status in ('active', 'disabled'))`,
    `alter table operators drop column must_set_password`,
  ],
);
