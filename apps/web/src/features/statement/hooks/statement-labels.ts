import type { LocalizedText } from '@mekong/contracts/fields';
import type { StatementEntry } from '@mekong/contracts/statement';
import { WALLET } from '@mekong/contracts/wallet';
import type { TFunction } from 'i18next';
import { statusKind } from '@/features/statement/hooks/statement-format';
import { formatDateTime, type DateOptions } from '@/lib/format';
import { shortReference } from '@/lib/short-ref';

/** The server's names for house accounts and default descriptions; anything else (a bonus name, say) is shown as sent. */
const HOUSE_ACCOUNTS = ['bank', 'bonus', 'refund', 'invite', 'prize', 'adjustment'] as const;
const KNOWN_DESCRIPTIONS = ['refund', 'invite', 'luckydraw', 'bonus_forfeit', 'adjustment'] as const;

/** What the labels need to know beyond the row: game and bank names in the member's language. */
export type StatementNames = {
  /** A game's name by its provider code (PG → "PG Soft"), or the code. */
  game: (code: string) => string;
  /** A bank's name in the member's language by its code (SCB → "Siam Commercial Bank"), or the code. */
  bank: (code: string) => string;
  /** Operator text (a bonus's name) in the member's language. */
  localized: (text: LocalizedText) => string;
};

/** A statement side (`wallet`, `bonus_wallet`, a game code, a house account) in words. */
export function accountLabel(ref: string, names: StatementNames, t: TFunction): string {
  const key = ref.trim();
  if (key === WALLET) return t('wallet.mainWallet');
  if (key === 'bonus_wallet') return t('wallet.bonus');
  if ((HOUSE_ACCOUNTS as readonly string[]).includes(key)) return t(`statement.accounts.${key}`);
  return names.game(key);
}

/**
 * A row's description in words: a bonus's name in the member's language when the row carries its names, a default
 * description (refund, luckydraw, …) translated, anything else as sent.
 */
export function descriptionText(entry: Pick<StatementEntry, 'description' | 'localizedDescription'>, names: StatementNames, t: TFunction): string | null {
  const localized = entry.localizedDescription ? names.localized(entry.localizedDescription) : '';
  if (localized) return localized;
  const { description } = entry;
  if (!description) return null;
  return (KNOWN_DESCRIPTIONS as readonly string[]).includes(description) ? t(`statement.descriptions.${description}`) : description;
}

/** The description under a row's route, left out where it only repeats the sending account ("Loss refund → Wallet"). */
export function rowDescription(entry: StatementEntry, names: StatementNames, t: TFunction): string | null {
  const description = descriptionText(entry, names, t);
  return description && description !== sideLabel(entry, 'from', names, t) ? description : null;
}

/** Glues a bank to its account end, so "SCB ···7890" never breaks across lines. */
const NBSP = '\u00a0';

/** "SCB ···7890": a bank (its code, or its name in full) and the last 4 digits of the account, as much as is known. */
function bankAccount(entry: StatementEntry, bank: string | null): string | null {
  if (!bank) return null;
  return entry.accountSuffix ? `${bank}${NBSP}···${entry.accountSuffix}` : bank;
}

/**
 * The outside side of a deposit or withdrawal (the member's bank account, the QR, the gift link), when the row says;
 * `isFull` names the bank in the member's language rather than by its code.
 */
function outsideSide(entry: StatementEntry, names: StatementNames, t: TFunction, isFull: boolean): string | null {
  switch (entry.channel) {
    case 'bank':
    case 'slip':
      return bankAccount(entry, entry.provider ? (isFull ? names.bank(entry.provider) : entry.provider) : null);
    case 'qr':
      return entry.provider ? `${entry.provider} QR` : t('statementFlow.channels.qr');
    case 'truemoney':
      return 'TrueMoney';
    default:
      return null;
  }
}

/** One side of the movement in words: the outside side by its channel, the member's own accounts by name. */
export function sideLabel(entry: StatementEntry, side: 'from' | 'to', names: StatementNames, t: TFunction, isFull = false): string {
  const ref = entry[side];
  return (ref === 'bank' && outsideSide(entry, names, t, isFull)) || accountLabel(ref, names, t);
}

export function routeLabel(entry: StatementEntry, names: StatementNames, t: TFunction): string {
  return entry.from || entry.to ? `${sideLabel(entry, 'from', names, t)} → ${sideLabel(entry, 'to', names, t)}` : '';
}

/**
 * The line under a row's activity (issue 9): how the money moved. A deposit or withdrawal says its channel (QR with
 * its provider, bank transfer with the bank and account end, slip, gift link); a transfer says which game, as a
 * route; a row that says no channel (older rows) shows its route as before.
 */
export function channelLine(entry: StatementEntry, names: StatementNames, t: TFunction): string {
  if (entry.statementType === 'finish_bonus') return forfeitLine(entry, names, t);
  const channel = entry.channel;
  if (!channel || channel === 'game' || channel === 'bonus') return routeLabel(entry, names, t);
  const name = t(`statementFlow.channels.${channel}`);
  const detail = channel === 'qr' ? entry.provider : channel === 'bank' || channel === 'slip' ? bankAccount(entry, entry.provider ?? null) : null;
  return detail ? `${name} · ${detail}` : name;
}

/**
 * A bonus's end (issue 28): what was forfeited and why, "Forfeited: bonus cancelled · from Main wallet", never a route
 * that reads as money moved into the bonus.
 */
export function forfeitLine(entry: StatementEntry, names: StatementNames, t: TFunction): string {
  const reason = t(`statement.forfeit.${entry.forfeitReason ?? 'unknown'}`);
  return `${reason} · ${t('statement.forfeit.from', { from: sideLabel(entry, 'from', names, t) })}`;
}

export type ReceiptField = {
  key: 'type' | 'status' | 'channel' | 'game' | 'reference' | 'from' | 'to' | 'dateTime' | 'id' | 'description';
  label: string;
  value: string;
  /** Ids and references: offered for copying and set in a fixed-width face. */
  isCode?: boolean;
};

/** The receipt of one row, field by field, as the detail sheet shows it and the saved image draws it. */
export function receiptFields(entry: StatementEntry, names: StatementNames, t: TFunction, dates?: DateOptions): ReceiptField[] {
  const label = (key: ReceiptField['key']) => t(`statementFlow.detail.${key}`);
  const fields: ReceiptField[] = [
    { key: 'type', label: label('type'), value: t(`statement.types.${entry.statementType}`) },
    { key: 'status', label: label('status'), value: t(`statement.status.${statusKind(entry.status)}`) },
  ];
  if (entry.statementType === 'finish_bonus') {
    // Why the money was taken (issue 28), where other rows say how it moved.
    fields.push({ key: 'channel', label: label('channel'), value: t(`statement.forfeit.${entry.forfeitReason ?? 'unknown'}`) });
  } else if (entry.channel) {
    const channel = t(`statementFlow.channels.${entry.channel}`);
    fields.push({ key: 'channel', label: label('channel'), value: entry.channel === 'qr' && entry.provider ? `${channel} · ${entry.provider}` : channel });
  }
  if (entry.channel === 'game' && entry.provider) fields.push({ key: 'game', label: label('game'), value: names.game(entry.provider) });
  if (entry.reference) fields.push({ key: 'reference', label: label('reference'), value: entry.reference, isCode: true });
  fields.push(
    // The bank side in full, in the member's language (the row uses its code).
    { key: 'from', label: label('from'), value: sideLabel(entry, 'from', names, t, true) },
    { key: 'to', label: label('to'), value: sideLabel(entry, 'to', names, t, true) },
  );
  const description = descriptionText(entry, names, t);
  if (description) fields.push({ key: 'description', label: label('description'), value: description });
  fields.push(
    { key: 'dateTime', label: label('dateTime'), value: formatDateTime(entry.createdAt, dates) },
    // A short reference to quote, not the UUID (issue 28).
    { key: 'id', label: label('id'), value: shortReference(entry._id), isCode: true },
  );
  return fields;
}
