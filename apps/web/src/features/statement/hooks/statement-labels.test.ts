import type { StatementEntry } from '@mekong/contracts/statement';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { wrapText } from '@/features/statement/hooks/receipt-image';
import { dayName, groupByDay } from '@/features/statement/hooks/statement-format';
import { channelLine, receiptFields, rowDescription, sideLabel, type StatementNames } from '@/features/statement/hooks/statement-labels';

const t = i18n.getFixedT('en');
const names: StatementNames = {
  game: (code) => ({ PG: 'PG Soft' })[code] ?? code,
  bank: (code) => ({ SCB: 'Siam Commercial Bank', KTB: 'Krungthai Bank' })[code] ?? code,
  localized: (text) => text.en,
};
const row = (over: Partial<StatementEntry>): StatementEntry => ({
  _id: 'T1',
  statementType: 'deposit',
  from: 'bank',
  to: 'wallet',
  amount: 100,
  status: 'SUCCESS',
  createdAt: '2026-11-02T03:00:00.000Z',
  description: null,
  ...over,
});

describe('a row’s channel line (issue 9)', () => {
  it.each([
    [{ channel: 'qr', provider: 'KBANK', reference: 'Q1' }, 'QR payment · KBANK'],
    [{ channel: 'bank', provider: 'SCB', accountSuffix: '7890' }, 'Bank transfer · SCB\u00a0···7890'],
    [{ channel: 'bank', provider: null }, 'Bank transfer'],
    [{ channel: 'slip', provider: 'KTB' }, 'Transfer slip · KTB'],
    [{ channel: 'truemoney' }, 'TrueMoney gift link'],
    [{ channel: 'manual' }, 'Deposit notice'],
    [{ channel: 'adjustment' }, 'Adjustment by staff'],
    [{ channel: null }, 'Bank account → Wallet'],
    [{ channel: undefined }, 'Bank account → Wallet'],
    [{ statementType: 'withdraw', from: 'wallet', to: 'bank', channel: 'bank', provider: 'KTB', accountSuffix: '1234' }, 'Bank transfer · KTB\u00a0···1234'],
    [{ statementType: 'transfer', from: 'wallet', to: 'PG', channel: 'game', provider: 'PG' }, 'Wallet → PG Soft'],
    // A forfeit (issue 28) says why and where from, never a route into the bonus.
    [{ statementType: 'finish_bonus', from: 'bonus_wallet', to: 'bonus', channel: 'bonus' }, 'Forfeited at the end of the bonus · from Bonus wallet'],
    [{ statementType: 'finish_bonus', from: 'wallet', to: 'bonus', channel: 'bonus', forfeitReason: 'cancelled' }, 'Forfeited: bonus cancelled · from Wallet'],
    [{ statementType: 'finish_bonus', from: 'wallet', to: 'bonus', channel: 'bonus', forfeitReason: 'completed' }, 'Forfeited: above the bonus withdraw cap · from Wallet'],
  ] as [Partial<StatementEntry>, string][])('%o → %s', (over, line) => {
    expect(channelLine(row(over), names, t)).toBe(line);
  });

  it('names the outside side by its channel and the member’s own accounts by name', () => {
    expect(sideLabel(row({ channel: 'qr', provider: 'WW' }), 'from', names, t)).toBe('WW QR');
    expect(sideLabel(row({ channel: 'truemoney' }), 'from', names, t)).toBe('TrueMoney');
    expect(sideLabel(row({ channel: 'bank', provider: 'SCB', accountSuffix: '7890' }), 'to', names, t)).toBe('Wallet');
    expect(sideLabel(row({ channel: 'slip', provider: 'KTB' }), 'from', names, t)).toBe('KTB');
    expect(sideLabel(row({ channel: 'slip', provider: 'KTB' }), 'from', names, t, true)).toBe('Krungthai Bank');
  });
});

describe('a receipt’s fields', () => {
  it('lists what happened, how, with which reference, between whom, when, and its id', () => {
    const fields = receiptFields(
      row({ channel: 'bank', provider: 'SCB', accountSuffix: '7890', reference: 'BR1', status: 'PENDING' }),
      names,
      t,
    );
    expect(fields.map((f) => [f.key, f.value])).toEqual([
      ['type', 'Deposit'],
      ['status', 'In progress'],
      ['channel', 'Bank transfer'],
      ['reference', 'BR1'],
      ['from', 'Siam Commercial Bank\u00a0···7890'],
      ['to', 'Wallet'],
      ['dateTime', '02/11/2026 10:00:00'],
      ['id', 'T1'],
    ]);
    expect(fields.filter((f) => f.isCode).map((f) => f.key)).toEqual(['reference', 'id']);
  });

  it('shows a short reference for the row id, never the whole UUID (issue 28)', () => {
    const fields = receiptFields(row({ _id: '3f2a9c1e-7b4d-4e2a-9f10-2c3d4e5f6a7b' }), names, t);
    expect(fields.find((f) => f.key === 'id')?.value).toBe('3F2A9C1E');
  });

  it('names the game of a transfer and the bonus a row came with', () => {
    const game = receiptFields(row({ statementType: 'transfer', from: 'PG', to: 'wallet', channel: 'game', provider: 'PG' }), names, t);
    expect(game.find((f) => f.key === 'game')?.value).toBe('PG Soft');
    expect(game.find((f) => f.key === 'from')?.value).toBe('PG Soft');
    const bonus = receiptFields(row({ statementType: 'bonus', from: 'refund', to: 'wallet', channel: 'bonus', description: 'refund' }), names, t);
    expect(bonus.find((f) => f.key === 'description')?.value).toBe('Loss refund');
  });

  it('names a bonus in the member’s language, not by the Thai name the row also carries (issue 10)', () => {
    const localizedDescription = { th: 'โบนัสฝากแรก', la: 'ໂບນັດຝາກທຳອິດ', en: 'First deposit bonus' };
    const credit = receiptFields(row({ statementType: 'bonus', from: 'bonus', to: 'bonus_wallet', channel: 'bonus', description: 'โบนัสฝากแรก', localizedDescription }), names, t);
    expect(credit.find((f) => f.key === 'description')?.value).toBe('First deposit bonus');
    const lao: StatementNames = { ...names, localized: (text) => text.la };
    const forfeit = receiptFields(row({ statementType: 'finish_bonus', from: 'bonus_wallet', to: 'bonus', channel: 'bonus', description: 'โบนัสฝากแรก', localizedDescription }), lao, t);
    expect(forfeit.find((f) => f.key === 'description')?.value).toBe('ໂບນັດຝາກທຳອິດ');
    // Issue 28: the receipt says why the money was taken.
    expect(forfeit.find((f) => f.key === 'channel')?.value).toBe('Forfeited at the end of the bonus');
    const cancelled = receiptFields(row({ statementType: 'finish_bonus', from: 'wallet', to: 'bonus', channel: 'bonus', forfeitReason: 'cancelled' }), names, t);
    expect(cancelled.find((f) => f.key === 'channel')?.value).toBe('Forfeited: bonus cancelled');
    // An older row without the names still shows what it has.
    // The row says it under its route, unless it only repeats the sending account.
    expect(rowDescription(row({ statementType: 'bonus', from: 'bonus', to: 'bonus_wallet', description: 'x', localizedDescription }), names, t)).toBe('First deposit bonus');
    expect(rowDescription(row({ statementType: 'bonus', from: 'refund', to: 'wallet', description: 'refund' }), names, t)).toBeNull();
    const older = receiptFields(row({ statementType: 'bonus', channel: 'bonus', description: 'โบนัสฝากแรก' }), names, t);
    expect(older.find((f) => f.key === 'description')?.value).toBe('โบนัสฝากแรก');
  });
});

describe('day groups', () => {
  it('keeps the server’s order and starts a group at each new Bangkok day', () => {
    const at = (createdAt: string) => row({ createdAt });
    const groups = groupByDay([at('2026-11-02T10:00:00Z'), at('2026-11-01T17:00:00Z'), at('2026-11-01T16:59:59Z')]);
    expect(groups.map((g) => [g.dayKey, g.entries.length])).toEqual([
      ['2026-11-02', 2],
      ['2026-11-01', 1],
    ]);
  });

  it('calls the day today, yesterday, or by its weekday (0 Sunday)', () => {
    const now = Date.parse('2026-11-02T17:30:00Z'); // Tuesday 3 November, 00:30 in Bangkok
    expect(dayName('2026-11-03', now)).toBe('today');
    expect(dayName('2026-11-02', now)).toBe('yesterday');
    expect(dayName('2026-11-01', now)).toBe(0);
    expect(dayName('2026-10-31', now)).toBe(6);
  });
});

describe('receipt text wrapping', () => {
  const measure = (text: string) => text.length * 10;

  it('breaks between words and cuts a word longer than the line', () => {
    expect(wrapText(measure, 'Bank transfer from SCB', 100)).toEqual(['Bank ', 'transfer ', 'from SCB'].map((s) => s.trimEnd()));
    expect(wrapText(measure, 'ABCDEFGHIJKLMNOPQRSTUVWXY', 100)).toEqual(['ABCDEFGHIJ', 'KLMNOPQRST', 'UVWXY']);
    expect(wrapText(measure, 'short', 100)).toEqual(['short']);
  });

  it('keeps a bank and its account end together (no-break space)', () => {
    expect(wrapText(measure, 'Siam Commercial Bank\u00a0···9216', 240)).toEqual(['Siam Commercial ', 'Bank\u00a0···9216'].map((s) => s.trimEnd()));
  });

  it('breaks Thai between words, not inside one', () => {
    const lines = wrapText(measure, 'โอนผ่านธนาคารกรุงเทพ', 80);
    expect(lines.join('')).toBe('โอนผ่านธนาคารกรุงเทพ');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((line) => measure(line) <= 80)).toBe(true);
  });
});
