/**
 * The database's tables; their row types live by area under db/schema/ (members, ledger and games, money in and out,
 * promotions) and are re-exported here so that callers import from one place.
 */
import type {
  BanksTable,
  SourcesTable,
  OperatorSettingsTable,
  OperatorAccountsTable,
  MembersTable,
  MemberBankAccountsTable,
  SessionsTable,
  OtpRequestsTable,
} from '@/db/schema/members.ts';
import type {
  GameProvidersTable,
  LedgerAccountsTable,
  LedgerTransfersTable,
  MemberGameAccountsTable,
  JobCursorsTable,
  JobLeasesTable,
  JobStatesTable,
  GameBetsTable,
  GameBetCursorsTable,
} from '@/db/schema/ledger-games.ts';
import type {
  WithdrawalsTable,
  BankIncomingTransfersTable,
  QrPaymentsTable,
  SlipsTable,
  TrueMoneyVouchersTable,
  DepositNoticesTable,
} from '@/db/schema/money-flow.ts';
import type {
  InviteAccrualsTable,
  InviteCollectionsTable,
  RefundClaimsTable,
  BonusesTable,
  BonusQuotasTable,
  MemberBonusesTable,
  BonusReceiptsTable,
  PromotionClaimsTable,
  SpinWheelsTable,
  SpinSlicesTable,
  MemberSpinStateTable,
  SpinResultsTable,
  SpinCoinMovesTable,
  CouponsTable,
  SpinCoinPendingTable,
  InviteReviewsTable,
} from '@/db/schema/promotions.ts';
import type {
  OperatorsTable,
  OperatorRecoveryCodesTable,
  OperatorSessionsTable,
  WorkClaimsTable,
  AuditHeadTable,
  AuditLogTable,
  OperatorNoticesTable,
  OperatorAccountActionsTable,
} from '@/db/schema/operators.ts';
import type {
  AdjustmentDaySumsTable,
  MemberAdjustmentsTable,
} from '@/db/schema/member-adjustments.ts';
import type { WithdrawalApprovalsTable } from '@/db/schema/withdrawal-approvals.ts';
import type { MemberAgreementsTable } from '@/db/schema/agreements.ts';
import type {
  ChatCannedRepliesTable,
  ChatConversationsTable,
  ChatMediaTable,
  ChatMessagesTable,
} from '@/db/schema/chat.ts';
import type { HowtoMediaTable } from '@/db/schema/howto.ts';
import type { PendingSettingChangesTable } from '@/db/schema/setting-changes.ts';
import type { MoneyRepliesTable } from '@/db/schema/money-replies.ts';

export type * from '@/db/schema/members.ts';
export type * from '@/db/schema/ledger-games.ts';
export type * from '@/db/schema/money-flow.ts';
export type * from '@/db/schema/promotions.ts';
export type * from '@/db/schema/operators.ts';
export type * from '@/db/schema/member-adjustments.ts';
export type * from '@/db/schema/withdrawal-approvals.ts';
export type * from '@/db/schema/agreements.ts';
export type * from '@/db/schema/chat.ts';
export type * from '@/db/schema/howto.ts';
export type * from '@/db/schema/setting-changes.ts';
export type * from '@/db/schema/money-replies.ts';

export type Database = {
  banks: BanksTable;
  sources: SourcesTable;
  operator_settings: OperatorSettingsTable;
  operator_accounts: OperatorAccountsTable;
  members: MembersTable;
  member_bank_accounts: MemberBankAccountsTable;
  sessions: SessionsTable;
  otp_requests: OtpRequestsTable;
  game_providers: GameProvidersTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  member_game_accounts: MemberGameAccountsTable;
  withdrawals: WithdrawalsTable;
  bank_incoming_transfers: BankIncomingTransfersTable;
  job_cursors: JobCursorsTable;
  job_leases: JobLeasesTable;
  job_states: JobStatesTable;
  qr_payments: QrPaymentsTable;
  slips: SlipsTable;
  truemoney_vouchers: TrueMoneyVouchersTable;
  deposit_notices: DepositNoticesTable;
  game_bets: GameBetsTable;
  game_bet_cursors: GameBetCursorsTable;
  invite_accruals: InviteAccrualsTable;
  invite_collections: InviteCollectionsTable;
  refund_claims: RefundClaimsTable;
  bonuses: BonusesTable;
  bonus_quotas: BonusQuotasTable;
  member_bonuses: MemberBonusesTable;
  bonus_receipts: BonusReceiptsTable;
  promotion_claims: PromotionClaimsTable;
  spin_wheels: SpinWheelsTable;
  spin_slices: SpinSlicesTable;
  member_spin_state: MemberSpinStateTable;
  spin_results: SpinResultsTable;
  spin_coin_moves: SpinCoinMovesTable;
  coupons: CouponsTable;
  spin_coin_pending: SpinCoinPendingTable;
  invite_reviews: InviteReviewsTable;
  operators: OperatorsTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  operator_sessions: OperatorSessionsTable;
  work_claims: WorkClaimsTable;
  audit_head: AuditHeadTable;
  audit_log: AuditLogTable;
  operator_notices: OperatorNoticesTable;
  pending_setting_changes: PendingSettingChangesTable;
  operator_account_actions: OperatorAccountActionsTable;
  member_adjustments: MemberAdjustmentsTable;
  adjustment_day_sums: AdjustmentDaySumsTable;
  withdrawal_approvals: WithdrawalApprovalsTable;
  money_replies: MoneyRepliesTable;
  member_agreements: MemberAgreementsTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_media: ChatMediaTable;
  chat_canned_replies: ChatCannedRepliesTable;
  howto_media: HowtoMediaTable;
};
