import { describe, expect, it } from 'vitest';
import { needsEnglishNameEdit } from '@/features/deposit/hooks/name-edit-gate';

describe('the English-name gate before copying (docs/spec.md §4)', () => {
  it.each(['KTB', 'TMB', 'BBL'])('asks a %s member with a Thai name to edit it', (bankCode) => {
    expect(needsEnglishNameEdit({ bankCode, bankAccountName: 'สมชาย ใจดี' })).toBe(true);
  });

  it.each(['KTB', 'TMB', 'BBL'])('lets a %s member with an English name copy at once', (bankCode) => {
    expect(needsEnglishNameEdit({ bankCode, bankAccountName: 'SOMCHAI JAIDEE' })).toBe(false);
  });

  it('refuses digits, punctuation and mixed scripts at those banks', () => {
    expect(needsEnglishNameEdit({ bankCode: 'KTB', bankAccountName: 'SOMCHAI 2' })).toBe(true);
    expect(needsEnglishNameEdit({ bankCode: 'BBL', bankAccountName: 'MR. SOMCHAI' })).toBe(true);
    expect(needsEnglishNameEdit({ bankCode: 'TMB', bankAccountName: 'SOMCHAI ใจดี' })).toBe(true);
    expect(needsEnglishNameEdit({ bankCode: 'TMB', bankAccountName: '' })).toBe(true);
  });

  it('never asks members of other banks', () => {
    expect(needsEnglishNameEdit({ bankCode: 'KBANK', bankAccountName: 'สมชาย ใจดี' })).toBe(false);
    expect(needsEnglishNameEdit({ bankCode: 'SCB', bankAccountName: 'สมชาย' })).toBe(false);
    expect(needsEnglishNameEdit(undefined)).toBe(false);
  });
});
