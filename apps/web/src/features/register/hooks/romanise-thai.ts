/**
 * A rough Royal Thai General System spelling of a Thai name, offered as a suggestion only (the member checks it
 * against the bank book): initial consonant sounds, common vowels, and leading vowels (เ แ โ ใ ไ) read after their
 * consonant. Tone marks and silent letters are dropped.
 */
const CONSONANTS: Record<string, string> = {
  ก: 'k', ข: 'kh', ฃ: 'kh', ค: 'kh', ฅ: 'kh', ฆ: 'kh', ง: 'ng', จ: 'ch', ฉ: 'ch', ช: 'ch', ซ: 's', ฌ: 'ch', ญ: 'y',
  ฎ: 'd', ฏ: 't', ฐ: 'th', ฑ: 'th', ฒ: 'th', ณ: 'n', ด: 'd', ต: 't', ถ: 'th', ท: 'th', ธ: 'th', น: 'n', บ: 'b',
  ป: 'p', ผ: 'ph', ฝ: 'f', พ: 'ph', ฟ: 'f', ภ: 'ph', ม: 'm', ย: 'y', ร: 'r', ฤ: 'rue', ล: 'l', ฦ: 'lue', ว: 'w',
  ศ: 's', ษ: 's', ส: 's', ห: 'h', ฬ: 'l', อ: '', ฮ: 'h',
};
/** A consonant's sound at the end of a syllable, where it differs. */
const FINALS: Record<string, string> = {
  ก: 'k', ข: 'k', ค: 'k', ฆ: 'k', จ: 't', ช: 't', ซ: 't', ฌ: 't', ญ: 'n', ฎ: 't', ฏ: 't', ฐ: 't', ฑ: 't', ฒ: 't',
  ด: 't', ต: 't', ถ: 't', ท: 't', ธ: 't', ศ: 't', ษ: 't', ส: 't', บ: 'p', ป: 'p', พ: 'p', ฟ: 'p', ภ: 'p', ร: 'n',
  ล: 'n', ฬ: 'n', ณ: 'n', ย: 'i', ว: 'o', อ: '',
};
const VOWELS: Record<string, string> = {
  'ะ': 'a', 'ั': 'a', 'า': 'a', 'ำ': 'am', 'ิ': 'i', 'ี': 'i', 'ึ': 'ue', 'ื': 'ue', 'ุ': 'u', 'ู': 'u', 'ๅ': '',
};
const LEADING: Record<string, string> = { เ: 'e', แ: 'ae', โ: 'o', ใ: 'ai', ไ: 'ai' };
const SILENT = /[\u0E47-\u0E4E]/u;

function romaniseWord(word: string): string {
  const chars = [...word].filter((c) => !SILENT.test(c));
  let out = '';
  let i = 0;
  while (i < chars.length) {
    const c = chars[i] ?? '';
    const lead = LEADING[c];
    if (lead !== undefined && chars[i + 1] && CONSONANTS[chars[i + 1] ?? ''] !== undefined) {
      out += CONSONANTS[chars[i + 1] ?? ''] + lead;
      i += 2;
      continue;
    }
    if (lead !== undefined) out += lead;
    else if (VOWELS[c] !== undefined) out += VOWELS[c];
    else if (CONSONANTS[c] !== undefined) {
      const next = chars[i + 1];
      const isFinal = out !== '' && (next === undefined || CONSONANTS[next] !== undefined) && /[aeiou]$/.test(out);
      const isBare = out !== '' && !/[aeiou]$/.test(out) && (next === undefined || CONSONANTS[next] !== undefined);
      if (isFinal) out += FINALS[c] ?? CONSONANTS[c];
      else if (isBare) out += `o${FINALS[c] ?? CONSONANTS[c]}`;
      else out += CONSONANTS[c];
    } else if (/[A-Za-z]/.test(c)) out += c;
    i += 1;
  }
  return out;
}

/** The suggestion in capitals (account names are upper case, docs/spec.md §5); '' when nothing Thai was typed. */
export function romaniseThai(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .map(romaniseWord)
    .filter(Boolean)
    .join(' ')
    .toUpperCase();
}
