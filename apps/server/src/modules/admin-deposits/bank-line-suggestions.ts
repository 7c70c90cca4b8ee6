import type { Suggestion } from '@mekong/contracts/admin/deposits';
import type { QueueMemberRow } from '@/modules/account/member-lookup.repository.ts';

/**
 * Which members a bank line nobody owns may belong to (docs/back-office/money-in.md#suggestions): by the sender's
 * account number (whole, or the digits a masked number shows), by the sender's name, and by an open manual notice or
 * a QR of exactly the line's amount. Each kind of evidence adds to a member's score; the best come first.
 */

export type AccountQuery = { kind: 'account_exact' | 'account_suffix'; pattern: string };

const SCORE = { account_exact: 100, account_suffix: 60, name: 50, notice: 40, qr: 25 } as const;
/** Names less alike than this are no evidence. */
export const NAME_THRESHOLD = 0.6;
export const MAX_SUGGESTIONS = 10;

/**
 * The LIKE pattern of a sender account as the bank reports it: all digits is the whole number (exact); a masked
 * number (`xxx-x-x1234-x`) keeps its length with `_` for each hidden digit; a short run of digits is a suffix.
 */
export function accountQueryOf(fromAccountNo: string): AccountQuery | null {
  const compact = fromAccountNo.replace(/[\s-]/g, '').toLowerCase();
  const digits = compact.replace(/\D/g, '');
  if (digits.length < 4) return null;
  if (/^\d+$/.test(compact))
    return compact.length >= 10
      ? { kind: 'account_exact', pattern: compact }
      : { kind: 'account_suffix', pattern: `%${compact}` };
  if (!/^[\dx*]+$/.test(compact)) return null;
  return { kind: 'account_suffix', pattern: compact.replace(/[x*]/g, '_') };
}

const TITLES = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mstr',
  'dr',
  'นาย',
  'นาง',
  'นางสาว',
  'น.ส.',
  'นส',
  'ด.ช.',
  'ด.ญ.',
  'ທ້າວ',
  'ນາງ',
  'ທ.',
  'ນ.',
]);

/** The name's words, lower case, titles and punctuation left out. */
export function nameWordsOf(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/[.,()]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0 && !TITLES.has(w));
}

function bigrams(text: string): Map<string, number> {
  const map = new Map<string, number>();
  for (let i = 0; i < text.length - 1; i += 1) {
    const gram = text.slice(i, i + 2);
    map.set(gram, (map.get(gram) ?? 0) + 1);
  }
  return map;
}

/** Dice similarity of the two names' letter pairs (0: nothing alike, 1: the same), titles and spacing ignored. */
export function nameSimilarity(a: string, b: string): number {
  const x = nameWordsOf(a).join('');
  const y = nameWordsOf(b).join('');
  if (x.length < 2 || y.length < 2) return x === y && x.length > 0 ? 1 : 0;
  const gx = bigrams(x);
  const gy = bigrams(y);
  let shared = 0;
  for (const [gram, n] of gx) shared += Math.min(n, gy.get(gram) ?? 0);
  return (2 * shared) / (x.length - 1 + (y.length - 1));
}

export type Evidence = {
  account: { query: AccountQuery; members: QueueMemberRow[] } | null;
  senderName: string | null;
  byName: QueueMemberRow[];
  notices: { id: string; member: QueueMemberRow }[];
  qrs: { id: string; member: QueueMemberRow }[];
};

export function rankSuggestions(evidence: Evidence): Suggestion[] {
  const byMember = new Map<string, Suggestion>();
  const add = (member: QueueMemberRow, kind: keyof typeof SCORE, detail: string, score: number) => {
    const entry = byMember.get(member.id) ?? {
      member: {
        id: member.id,
        publicId: member.publicId,
        phone: member.phone,
        name: member.name,
        bank: member.bank,
      },
      score: 0,
      reasons: [],
    };
    // Two notices of one member are one piece of evidence, not two.
    if (!entry.reasons.some((r) => r.kind === kind)) entry.score += score;
    entry.reasons.push({ kind, detail });
    byMember.set(member.id, entry);
  };
  if (evidence.account)
    for (const m of evidence.account.members)
      add(
        m,
        evidence.account.query.kind,
        m.bank?.accountNo ?? '',
        SCORE[evidence.account.query.kind],
      );
  if (evidence.senderName) {
    const sender = evidence.senderName;
    for (const m of evidence.byName) {
      const similarity = Math.max(
        nameSimilarity(sender, m.name),
        nameSimilarity(sender, m.bank?.accountName ?? ''),
      );
      if (similarity >= NAME_THRESHOLD)
        add(
          m,
          'name',
          `${m.bank?.accountName || m.name} (${Math.round(similarity * 100)}%)`,
          Math.round(SCORE.name * similarity),
        );
    }
  }
  for (const n of evidence.notices) add(n.member, 'notice', n.id, SCORE.notice);
  for (const q of evidence.qrs) add(q.member, 'qr', q.id, SCORE.qr);
  return [...byMember.values()]
    .sort((a, b) => b.score - a.score || a.member.phone.localeCompare(b.member.phone))
    .slice(0, MAX_SUGGESTIONS);
}
