import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StatementNames } from '@/features/statement/hooks/statement-labels';
import { currentLocale } from '@/lib/i18n';
import { bankName, pickLocalized } from '@/lib/localized';
import { banksQuery } from '@/lib/lookup-queries';
import { walletQuery } from '@/lib/member-queries';

/**
 * Game names from the wallet and bank names (in the member's language) from the banks lookup; while either is
 * missing a code stands for its name, so a row never waits on them.
 */
export function useStatementNames(): StatementNames & { currency: string | undefined } {
  const { i18n } = useTranslation();
  const locale = i18n.language ? currentLocale() : 'th';
  const { data: wallet } = useQuery(walletQuery);
  const { data: banks } = useQuery(banksQuery);
  const games = new Map((wallet?.slots ?? []).map((game) => [game.code.toUpperCase(), game.name]));
  const bankByCode = new Map((banks ?? []).map((bank) => [bank.code.toUpperCase(), bank]));
  return {
    currency: wallet?.profile.currency,
    game: (code) => games.get(code.trim().toUpperCase()) ?? code,
    bank: (code) => bankName(bankByCode.get(code.trim().toUpperCase()), locale, code),
    localized: (text) => pickLocalized(text, locale),
  };
}
