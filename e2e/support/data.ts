import { randomInt } from 'node:crypto';

/** A fresh valid Thai phone: 0 and 9 random digits, second digit 6, 8 or 9 like a real mobile number. */
export function uniquePhone(): string {
  return `0${[6, 8, 9][randomInt(3)]}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** A fresh 10-digit bank account number (the profile shows 10-digit numbers as 3-3-4). */
export function uniqueBankAccountNo(): string {
  return `${randomInt(1, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

/** An English name unique enough to find in a list; the letters-only form suits KTB/TMB/BBL accounts. */
export function uniqueName(prefix = 'TEST'): string {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(65 + randomInt(26))).join('');
  return `${prefix} ${letters}`;
}
