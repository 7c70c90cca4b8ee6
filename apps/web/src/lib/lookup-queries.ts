import type { Contract } from '@mekong/contracts/contract';
import type * as lookup from '@mekong/contracts/lookup';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '@/lib/api-client';
import { loadContracts } from '@/lib/load-contracts';
import { queryKeys } from '@/lib/query-keys';

/** Operator content changes rarely; one fetch per visit is enough. */
const LOOKUP_STALE_MS = 5 * 60_000;

type LookupContracts = typeof lookup;
type LookupContract = Contract<undefined, z.ZodType, undefined>;
/** The names of the lookup module's contracts (it also exports their schemas). */
type LookupName = {
  [K in keyof LookupContracts]: LookupContracts[K] extends LookupContract ? K : never;
}[keyof LookupContracts];
type LookupAnswer<K extends LookupName> = z.output<LookupContracts[K]['response']>;

/**
 * The lookups' contracts (and the validation library under them) load with the first lookup, not with the start-up
 * scripts every page waits for (docs/decisions/0017-first-load.md).
 */
const loadLookups = () => loadContracts(() => import('@mekong/contracts/lookup'));

/** Every GET /api/lookup/* query of the app, in this one file (docs/decisions/0008-web-boundaries.md). */
function lookupQuery<K extends LookupName>(name: string, contract: K, staleTime = LOOKUP_STALE_MS) {
  return queryOptions({
    queryKey: queryKeys.lookup(name),
    queryFn: async ({ signal }): Promise<LookupAnswer<K>> => {
      const chosen: LookupContract = (await loadLookups())[contract];
      return apiCall(chosen, { signal }) as Promise<LookupAnswer<K>>;
    },
    staleTime,
  });
}

export const brandQuery = lookupQuery('info', 'lookupInfo');
/** Whether the service still runs: asked afresh on every visit to /login (docs/spec.md §2). */
export const activeQuery = lookupQuery('active', 'lookupActive', 0);
export const noticeQuery = lookupQuery('notice', 'lookupNotice');
export const conditionsQuery = lookupQuery('conditions', 'lookupConditions');
export const agreementQuery = lookupQuery('agreements', 'lookupAgreements');
export const contactQuery = lookupQuery('contact', 'lookupContact');
export const howtoQuery = lookupQuery('howto', 'lookupHowto');
export const chatWidgetQuery = lookupQuery('enableChatWidget', 'lookupEnableChatWidget');
export const banksQuery = lookupQuery('banks', 'lookupBanks');
export const sourcesQuery = lookupQuery('sources', 'lookupSources');
export const registerOtpQuery = lookupQuery('registerOTP', 'lookupRegisterOtp', 0);
export const withdrawLimitsQuery = lookupQuery('withdraw', 'lookupWithdraw');
export const depositLookupQuery = lookupQuery('deposit', 'lookupDeposit', 60_000);
/** The slip-upload window; a failure just leaves the upload open (the server still decides). */
export const slipWindowQuery = { ...lookupQuery('slip', 'lookupSlip', 60_000), retry: false };
