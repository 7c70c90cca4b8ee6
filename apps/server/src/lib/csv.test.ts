import { describe, expect, it } from 'vitest';
import { csvCell, minorCell, toCsv } from '@/lib/csv.ts';

describe('csv', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
  });

  it('writes numbers (negative ones too) as numbers and empties as nothing', () => {
    expect(csvCell(-1250n)).toBe('-1250');
    expect(csvCell(3)).toBe('3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(minorCell(-1250n))).toBe('-12.50');
    expect(csvCell(minorCell('5'))).toBe('0.05');
  });

  it('starts with a byte-order mark and ends rows with CRLF, Thai text kept', () => {
    const text = toCsv(['name', 'amount'], [['สมชาย', 100n]]);
    expect(text).toBe('\uFEFFname,amount\r\nสมชาย,100\r\n');
  });
});
