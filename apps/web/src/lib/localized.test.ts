import { describe, expect, it } from 'vitest';
import { bankName, pickLocalized } from '@/lib/localized';

const scb = { nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank' };

describe('bankName', () => {
  it('names the bank in the member’s language', () => {
    expect(bankName(scb, 'th')).toBe('ธนาคารไทยพาณิชย์');
    expect(bankName(scb, 'en')).toBe('Siam Commercial Bank');
    expect(bankName({ ...scb, nameLA: 'ທະນາຄານໄທພານິດ' }, 'la')).toBe('ທະນາຄານໄທພານິດ');
  });

  it('falls back to English in Lao, to any name, then to the fallback', () => {
    expect(bankName(scb, 'la')).toBe('Siam Commercial Bank');
    expect(bankName({ nameTH: 'ธนาคารกรุงไทย', nameEN: ' ' }, 'en')).toBe('ธนาคารกรุงไทย');
    expect(bankName(undefined, 'th', 'KTB')).toBe('KTB');
    expect(bankName({}, 'th', 'KTB')).toBe('KTB');
  });
});

describe('pickLocalized', () => {
  it('takes the member’s language, else any text', () => {
    expect(pickLocalized({ th: 'ไทย', la: 'ລາວ', en: 'English' }, 'la')).toBe('ລາວ');
    expect(pickLocalized({ th: 'ไทย', la: '', en: 'English' }, 'la')).toBe('English');
    expect(pickLocalized(null, 'th')).toBe('');
  });
});
