import type { Contract } from '@mekong/contracts/contract';
import * as lookup from '@mekong/contracts/lookup';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Operator content changes rarely; one fetch per visit is enough. */
const LOOKUP_STALE_MS = 5 * 60_000;

/** Every GET /api/lookup/* query of the app, in this one file (docs/decisions/0008-web-boundaries.md). */
function lookupQuery<TResponse extends z.ZodType>(name: string, contract: Contract<undefined, TResponse, undefined>, staleTime = LOOKUP_STALE_MS) {
  return queryOptions({
    queryKey: queryKeys.lookup(name),
    queryFn: ({ signal }): Promise<z.output<TResponse>> => apiCall(contract, { signal }),
    staleTime,
  });
}

export const brandQuery = lookupQuery('info', lookup.lookupInfo);
/** Whether the service still runs: asked afresh on every visit to /login (docs/spec.md §2). */
export const activeQuery = lookupQuery('active', lookup.lookupActive, 0);
export const noticeQuery = lookupQuery('notice', lookup.lookupNotice);
export const conditionsQuery = lookupQuery('conditions', lookup.lookupConditions);
export const agreementQuery = lookupQuery('agreements', lookup.lookupAgreements);
export const contactQuery = lookupQuery('contact', lookup.lookupContact);
export const howtoQuery = lookupQuery('howto', lookup.lookupHowto);
export const chatWidgetQuery = lookupQuery('enableChatWidget', lookup.lookupEnableChatWidget);
export const banksQuery = lookupQuery('banks', lookup.lookupBanks);
export const sourcesQuery = lookupQuery('sources', lookup.lookupSources);
export const registerOtpQuery = lookupQuery('registerOTP', lookup.lookupRegisterOtp, 0);
export const withdrawLimitsQuery = lookupQuery('withdraw', lookup.lookupWithdraw);
export const depositLookupQuery = lookupQuery('deposit', lookup.lookupDeposit, 60_000);
/** The slip-upload window; a failure just leaves the upload open (the server still decides). */
export const slipWindowQuery = { ...lookupQuery('slip', lookup.lookupSlip, 60_000), retry: false };
