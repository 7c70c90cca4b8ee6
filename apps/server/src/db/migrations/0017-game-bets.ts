import { statementsMigration } from '@/db/migrations/run-statements.ts';

// Bet records read from the game providers' betting history (docs/decisions/0013-promotions.md): information for the
// bonus turnover and the refund of losses; they move no money (the balance sync books the results).
const up = [
  `create table game_bets (
    id uuid primary key,
    provider text not null references game_providers (code),
    external_id text not null,
    member_id uuid not null references members (id),
    username text not null,
    category text not null,
    stake_minor bigint not null check (stake_minor >= 0),
    payout_minor bigint not null check (payout_minor >= 0),
    placed_at timestamptz not null,
    booked_at timestamptz not null,
    constraint game_bets_external_key unique (provider, external_id),
    constraint game_bets_account_fkey foreign key (provider, username)
      references member_game_accounts (provider, username)
  )`,
  // Turnover and net loss read one member's bets over a time range.
  `create index game_bets_member_placed_idx on game_bets (member_id, placed_at)`,
  // Where reading a provider's history stopped: username '' for the provider-wide read of the sync job, else the
  // account's own read (the member's manual refresh).
  `create table game_bet_cursors (
    provider text not null references game_providers (code),
    username text not null,
    cursor text not null,
    updated_at timestamptz not null,
    primary key (provider, username)
  )`,
];

const down = [
  'drop table if exists game_bet_cursors',
  'drop index if exists game_bets_member_placed_idx',
  'drop table if exists game_bets',
];

export const migration0017 = statementsMigration(up, down);
