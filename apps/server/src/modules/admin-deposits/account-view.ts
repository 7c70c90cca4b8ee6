import type { QueueMember, Suggestion } from '@mekong/contracts/admin/deposits';
import type { AccountNoView } from '@/modules/members/account-mask.ts';

/**
 * The money-in queues' answers as this operator may see them: every member's account number (the member's bank, a
 * bank line's sender, a slip's sender, a suggestion's matched number) through the operator's view of account numbers
 * (docs/back-office/members.md#bank-account-numbers). The operator's own receiving accounts are not masked.
 */
type Loose = Record<string, unknown>;

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null;

function memberView(member: QueueMember, view: AccountNoView): QueueMember {
  return member.bank
    ? { ...member, bank: { ...member.bank, accountNo: view(member.bank.accountNo) } }
    : member;
}

function suggestionView(s: Suggestion, view: AccountNoView): Suggestion {
  return {
    ...s,
    member: memberView(s.member, view),
    reasons: s.reasons.map((r) =>
      r.kind === 'account_exact' || r.kind === 'account_suffix'
        ? { ...r, detail: view(r.detail) }
        : r,
    ),
  };
}

function itemView(item: Loose, view: AccountNoView): Loose {
  const out: Loose = { ...item };
  if (isObject(out.member)) out.member = memberView(out.member as QueueMember, view);
  if (typeof out.fromAccountNo === 'string') out.fromAccountNo = view(out.fromAccountNo);
  if (Array.isArray(out.suggestions))
    out.suggestions = (out.suggestions as Suggestion[]).map((s) => suggestionView(s, view));
  const verified = out.verified;
  if (isObject(verified) && isObject(verified.sender))
    out.verified = {
      ...verified,
      sender: {
        ...verified.sender,
        accountNo: view(verified.sender.accountNo as string | undefined),
      },
    };
  return out;
}

/** An item, a page of items (`rows`) or a member list (`members`), seen through the operator's view. */
export function depositAnswerView<T>(answer: T, view: AccountNoView): T {
  if (!isObject(answer)) return answer;
  if (Array.isArray(answer.rows))
    return { ...answer, rows: (answer.rows as Loose[]).map((r) => itemView(r, view)) } as T;
  if (Array.isArray(answer.members))
    return {
      ...answer,
      members: (answer.members as QueueMember[]).map((m) => memberView(m, view)),
    } as T;
  return itemView(answer, view) as T;
}
