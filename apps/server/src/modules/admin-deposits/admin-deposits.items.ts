import type { Claim } from '@mekong/contracts/admin/claims';
import type {
  BankLineItem,
  NoticeItem,
  QrItem,
  QueueMember,
  SlipItem,
  VoucherItem,
} from '@mekong/contracts/admin/deposits';
import type { QueueMemberRow } from '@/modules/account/member-lookup.repository.ts';
import type { StoredIncoming } from '@/modules/bank-feed/bank-feed.repository.ts';
import type { NoticeRow, QrRow, VoucherRow } from '@/modules/deposit/deposit-queue.repository.ts';
import type { QueueSlip } from '@/modules/slip/slip.repository.ts';

/** The queue rows as the back office's contracts answer them (docs/back-office/money-in.md). */

type Extras = { claim: Claim | null; member: QueueMemberRow | undefined };

const minorOf = (minor: string | number | bigint | null) => (minor === null ? null : Number(minor));

export function queueMemberOf(member: QueueMemberRow | undefined, id: string): QueueMember {
  if (!member) return { id, publicId: '', phone: '', name: '', bank: null };
  return {
    id: member.id,
    publicId: member.publicId,
    phone: member.phone,
    name: member.name,
    bank: member.bank,
  };
}

function decisionOf(row: {
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
}) {
  return row.decided_at
    ? { by: row.decided_by ?? '', at: row.decided_at.toISOString(), reason: row.decision_reason }
    : null;
}

type DecidedRow = {
  id: string;
  member_id: string;
  created_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
};

/** What every item of a deposit-module row shows first: itself, its decision, its claim and its member. */
const rowBase = (r: DecidedRow, x: Extras) => ({
  id: r.id,
  createdAt: r.created_at.toISOString(),
  decision: decisionOf(r),
  claim: x.claim,
  member: queueMemberOf(x.member, r.member_id),
});

export function qrItemOf(r: QrRow, x: Extras): QrItem {
  return {
    ...rowBase(r, x),
    provider: r.provider,
    reference: r.reference,
    amountMinor: Number(r.amount),
    paidAmountMinor: minorOf(r.paid_amount),
    paidAt: r.paid_at?.toISOString() ?? null,
    expiresAt: r.expires_at.toISOString(),
    transactionId: r.transaction_id,
    status: r.status,
    holdReason: r.hold_reason,
  };
}

export function voucherItemOf(r: VoucherRow, x: Extras): VoucherItem {
  return {
    ...rowBase(r, x),
    amountMinor: minorOf(r.amount),
    ownerPhone: r.owner_phone,
    ownerName: r.owner_name,
    holdReason: r.status === 'held' || r.status === 'refused' || r.decided_at ? r.reason : null,
    status: r.status,
  };
}

export function noticeItemOf(r: NoticeRow, x: Extras): NoticeItem {
  return {
    id: r.id,
    createdAt: r.created_at.toISOString(),
    // A notice the bank feed matched by itself was decided by no operator: its decided_by says so.
    decision:
      r.decided_at || r.status !== 'pending'
        ? {
            by: r.decided_by ?? '',
            at: (r.decided_at ?? r.updated_at).toISOString(),
            reason: r.decision_reason,
          }
        : null,
    claim: x.claim,
    member: queueMemberOf(x.member, r.member_id),
    amountMinor: Number(r.amount),
    currency: r.currency,
    status: r.status,
    bankLineId: r.incoming_id,
  };
}

export function bankLineItemOf(r: StoredIncoming, x: Extras): BankLineItem {
  return {
    id: r.id,
    createdAt: r.receivedAt.toISOString(),
    decision: decisionOf({
      decided_by: r.decidedBy,
      decided_at: r.decidedAt,
      decision_reason: r.decisionReason,
    }),
    claim: x.claim,
    reference: r.reference,
    fromBankCode: r.fromBankCode,
    fromAccountNo: r.fromAccountNo,
    fromAccountName: r.fromAccountName,
    toAccountNo: r.toAccountNo,
    amountMinor: Number(r.amountMinor),
    currency: r.currency,
    receivedAt: r.receivedAt.toISOString(),
    status: r.status,
    unmatchedReason: r.unmatchedReason,
    member: r.memberId ? queueMemberOf(x.member, r.memberId) : null,
  };
}

type Party = { bankCode?: string; name?: string; accountNo?: string };

/** One side of the verifier's answer: the full account number when it gave one, else the masked one. */
function partyOf(value: unknown): Party | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const text = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  const accountNo = text('accountNo') ?? text('maskedAccountNo');
  return {
    ...(text('bankCode') ? { bankCode: text('bankCode') } : {}),
    ...(text('name') ? { name: text('name') } : {}),
    ...(accountNo ? { accountNo } : {}),
  };
}

export function slipItemOf(r: QueueSlip, x: Extras): SlipItem {
  const verified = r.verified;
  const amount = BigInt(r.amount);
  return {
    ...rowBase(r, x),
    amountMinor: amount > 0n ? Number(amount) : null,
    status: r.status,
    reason: r.reason,
    sendingBank: r.sending_bank,
    transRef: r.trans_ref,
    verified: verified
      ? {
          ...(typeof verified.date === 'string' ? { date: verified.date } : {}),
          ...(partyOf(verified.sender) ? { sender: partyOf(verified.sender) } : {}),
          ...(partyOf(verified.receiver) ? { receiver: partyOf(verified.receiver) } : {}),
        }
      : null,
    hasImage: r.image_type !== null,
    outcome: r.decision,
  };
}
