import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from '@/db/schema.ts';
import { migration0001 } from '@/db/migrations/0001-initial.ts';
import { migration0002 } from '@/db/migrations/0002-ledger.ts';
import { migration0003 } from '@/db/migrations/0003-money-out.ts';
import { migration0004 } from '@/db/migrations/0004-money-in.ts';
import { migration0005 } from '@/db/migrations/0005-bank-tx-ref.ts';
import { migration0006 } from '@/db/migrations/0006-ledger-append-only.ts';
import { migration0007 } from '@/db/migrations/0007-job-leases.ts';
import { migration0008 } from '@/db/migrations/0008-account-security.ts';
import { migration0009 } from '@/db/migrations/0009-password-reset.ts';
import { migration0010 } from '@/db/migrations/0010-qr-member-recent.ts';
import { migration0016 } from '@/db/migrations/0016-date-era.ts';
import { migration0047 } from '@/db/migrations/0047-date-era-by-language.ts';
import { migration0017 } from '@/db/migrations/0017-game-bets.ts';
import { migration0018 } from '@/db/migrations/0018-bonus.ts';
import { migration0019 } from '@/db/migrations/0019-refund-invite.ts';
import { migration0020 } from '@/db/migrations/0020-spinwheel.ts';
import { migration0021 } from '@/db/migrations/0021-operators.ts';
import { migration0022 } from '@/db/migrations/0022-withdrawal-approvals.ts';
import { migration0023 } from '@/db/migrations/0023-money-in-decisions.ts';
import { migration0024 } from '@/db/migrations/0024-member-adjustments.ts';
import { migration0025 } from '@/db/migrations/0025-member-agreements.ts';
import { migration0026 } from '@/db/migrations/0026-promotions-admin.ts';
import { migration0027 } from '@/db/migrations/0027-report-indexes.ts';
import { migration0028 } from '@/db/migrations/0028-wheel-languages.ts';
import { migration0029 } from '@/db/migrations/0029-support-chat.ts';
import { migration0030 } from '@/db/migrations/0030-howto-media.ts';
import { migration0031 } from '@/db/migrations/0031-job-states.ts';
import { migration0032 } from '@/db/migrations/0032-operator-notices.ts';
import { migration0033 } from '@/db/migrations/0033-audit-hash-version.ts';
import { migration0034 } from '@/db/migrations/0034-adjustment-day-sums.ts';
import { migration0035 } from '@/db/migrations/0035-pending-setting-changes.ts';
import { migration0036 } from '@/db/migrations/0036-operator-independence.ts';
import { migration0038 } from '@/db/migrations/0038-promotion-play.ts';
import { migration0041 } from '@/db/migrations/0041-home-page-keys.ts';
import { migration0044 } from '@/db/migrations/0044-money-replies.ts';
import { migration0043 } from '@/db/migrations/0043-waiting-money-indexes.ts';

/** Every migration, in order. Names sort lexically, so keep the NNNN- prefix. */
const migrations: Record<string, Migration> = {
  '0001-initial': migration0001,
  '0002-ledger': migration0002,
  '0003-money-out': migration0003,
  '0004-money-in': migration0004,
  '0005-bank-tx-ref': migration0005,
  '0006-ledger-append-only': migration0006,
  '0007-job-leases': migration0007,
  '0008-account-security': migration0008,
  '0009-password-reset': migration0009,
  '0010-qr-member-recent': migration0010,
  '0016-date-era': migration0016,
  '0017-game-bets': migration0017,
  '0018-bonus': migration0018,
  '0019-refund-invite': migration0019,
  '0020-spinwheel': migration0020,
  '0021-operators': migration0021,
  '0022-withdrawal-approvals': migration0022,
  '0023-money-in-decisions': migration0023,
  '0024-member-adjustments': migration0024,
  '0025-member-agreements': migration0025,
  '0026-promotions-admin': migration0026,
  '0027-report-indexes': migration0027,
  '0028-wheel-languages': migration0028,
  '0029-support-chat': migration0029,
  '0030-howto-media': migration0030,
  '0031-job-states': migration0031,
  '0032-operator-notices': migration0032,
  '0033-audit-hash-version': migration0033,
  '0034-adjustment-day-sums': migration0034,
  '0035-pending-setting-changes': migration0035,
  '0036-operator-independence': migration0036,
  '0038-promotion-play': migration0038,
  '0041-home-page-keys': migration0041,
  '0047-date-era-by-language': migration0047,
  '0044-money-replies': migration0044,
  '0043-waiting-money-indexes': migration0043,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Runs pending migrations. `schema` is where the tables live (the connection's search_path; default public). */
export async function migrateToLatest(db: Kysely<Database>, schema = 'public'): Promise<string[]> {
  // Naming the schema keeps Kysely from mistaking another schema's migration table for ours.
  const migrator = new Migrator({ db, provider, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw new Error('database migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
