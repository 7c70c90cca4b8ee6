import { sql, type Kysely, type Migration } from 'kysely';

// Promotions earned by play (docs/decisions/0013-promotions.md#earned-by-play, issue 27 item 6): a deposit's coins and
// invite commission wait until the deposit has been played, a wheel cash prize carries a turnover condition before it
// can be withdrawn, and an invite that shares an address, a browser or a bank-account name with its inviter is held
// for an operator's review.
export const migration0038: Migration = {
  async up(db: Kysely<unknown>) {
    // Coins of a deposit not yet played; released once (released_at), then added as the deposit's coin move.
    await sql`create table spin_coin_pending (
      deposit_transfer_id uuid primary key,
      member_id uuid not null references members(id),
      coins integer not null check (coins > 0),
      deposit_at timestamptz not null,
      released_at timestamptz
    )`.execute(db);
    await sql`create index spin_coin_pending_waiting on spin_coin_pending (member_id, deposit_at)
      where released_at is null`.execute(db);

    // The turnover a claimed cash prize asks before it can be withdrawn (null: none), and when it was met.
    await sql`alter table coupons add column turnover_target bigint check (turnover_target >= 0)`.execute(
      db,
    );
    await sql`alter table coupons add column turnover_met_at timestamptz`.execute(db);
    await sql`create index coupons_turnover_open on coupons (member_id, claimed_at)
      where turnover_target is not null and turnover_met_at is null`.execute(db);

    // An accrual is collectable once its deposit was played (played_at); rows written before were earned at once.
    await sql`alter table invite_accruals add column deposit_amount bigint check (deposit_amount > 0)`.execute(
      db,
    );
    await sql`alter table invite_accruals add column played_at timestamptz`.execute(db);
    await sql`update invite_accruals set played_at = created_at`.execute(db);

    // One review per invitee whose invite shares something with the inviter's; its accruals wait for the decision.
    await sql`create table invite_reviews (
      invitee_id uuid primary key references members(id),
      inviter_id uuid not null references members(id),
      reasons jsonb not null,
      status text not null check (status in ('held', 'released', 'refused')),
      created_at timestamptz not null,
      decided_by uuid references operators(id),
      decided_at timestamptz,
      note text
    )`.execute(db);
    await sql`create index invite_reviews_by_status on invite_reviews (status, created_at)`.execute(
      db,
    );
    await sql`create index invite_reviews_by_inviter on invite_reviews (inviter_id)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists invite_reviews`.execute(db);
    await sql`alter table invite_accruals drop column if exists played_at`.execute(db);
    await sql`alter table invite_accruals drop column if exists deposit_amount`.execute(db);
    await sql`alter table coupons drop column if exists turnover_met_at`.execute(db);
    await sql`alter table coupons drop column if exists turnover_target`.execute(db);
    await sql`drop table if exists spin_coin_pending`.execute(db);
  },
};
