import type { Timestamp } from '@/db/schema/column-types.ts';

export type MemberAgreementsTable = {
  member_id: string;
  version: string;
  accepted_at: Timestamp;
};
