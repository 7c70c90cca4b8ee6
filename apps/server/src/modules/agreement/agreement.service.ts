import type { AgreementStatus } from '@mekong/contracts/agreement';
import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { findAcceptedVersion, saveAcceptance } from '@/modules/agreement/agreement.repository.ts';
import { findSetting } from '@/modules/settings/settings.repository.ts';

/**
 * The member's acceptance of the operator's agreement (docs/back-office/settings.md#agreement). Stored per member, so
 * a version the operator publishes asks every member again, whatever device they accepted the last one on.
 */
export function createAgreementService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const currentVersion = async () => (await findSetting(db.kysely, 'agreement'))?.version ?? '';

  const statusOf = (version: string, acceptedVersion: string | null): AgreementStatus => ({
    version,
    acceptedVersion,
    isAcceptRequired: version !== '' && acceptedVersion !== version,
  });

  return {
    async status(memberId: string): Promise<AgreementStatus> {
      const [version, accepted] = await Promise.all([
        currentVersion(),
        findAcceptedVersion(db.kysely, memberId),
      ]);
      return statusOf(version, accepted);
    },

    /** Only the current version can be accepted: a member who read an older text reads the new one first. */
    async accept(memberId: string, version: string): Promise<AgreementStatus> {
      const current = await currentVersion();
      if (current === '' || version !== current) throw new AppError('AGREEMENT_VERSION_OUTDATED');
      await saveAcceptance(db.kysely, memberId, version, clock.now());
      return statusOf(current, version);
    },
  };
}

export type AgreementService = ReturnType<typeof createAgreementService>;
