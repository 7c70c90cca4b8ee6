/**
 * CSV for spreadsheets (RFC 4180 quoting, CRLF rows), UTF-8 with a byte-order mark so Excel reads Thai and Lao
 * text as UTF-8. A text cell starting with = + - @ (or a tab / carriage return) is prefixed with an apostrophe: a
 * spreadsheet would otherwise run it as a formula (CSV injection). Numbers are written as they are.
 */

/** A decimal number written as it is (a negative one too): `{ decimal: '-12.50' }`. */
export type CsvDecimal = { decimal: string };
export type CsvCell = string | number | bigint | boolean | CsvDecimal | null | undefined;

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Minor units (2 decimals) as a decimal cell: 123450n → 1234.50. */
export function minorCell(minor: bigint | string): CsvDecimal {
  const value = BigInt(minor);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return { decimal: `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}` };
}

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'object') {
    if (!DECIMAL.test(value.decimal)) throw new Error(`not a decimal: ${value.decimal}`);
    return value.decimal;
  }
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header.map(csvCell).join(','), ...rows.map((row) => row.map(csvCell).join(','))];
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
