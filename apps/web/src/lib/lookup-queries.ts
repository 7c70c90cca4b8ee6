import type { Contract } from '@mekong/contracts/contract';
import {
  lookupActive,
  lookupAgreements,
  lookupBanks,
  lookupConditions,
  lookupContact,
  lookupDeposit,
  lookupEnableChatWidget,
  lookupInfo,
  lookupNotice,
  lookupRegisterOtp,
  lookupSlip,
  lookupSources,
  lookupWithdraw,
} from '@mekong/contracts/lookup';
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

export const brandQuery = lookupQuery('info', lookupInfo);
/** Whether the service still runs: asked afresh on every visit to /login (spec §2). */
export const activeQuery = lookupQuery('active', lookupActive, 0);
export const noticeQuery = lookupQuery('notice', lookupNotice);
export const conditionsQuery = lookupQuery('conditions', lookupConditions);
export const agreementQuery = lookupQuery('agreements', lookupAgreements);
export const contactQuery = lookupQuery('contact', lookupContact);
export const chatWidgetQuery = lookupQuery('enableChatWidget', lookupEnableChatWidget);
export const banksQuery = lookupQuery('banks', lookupBanks);
export const sourcesQuery = lookupQuery('sources', lookupSources);
export const registerOtpQuery = lookupQuery('registerOTP', lookupRegisterOtp, 0);
export const withdrawLimitsQuery = lookupQuery('withdraw', lookupWithdraw);
export const depositLookupQuery = lookupQuery('deposit', lookupDeposit, 60_000);
/** The slip-upload window; a failure just leaves the upload open (the server still decides). */
export const slipWindowQuery = { ...lookupQuery('slip', lookupSlip, 60_000), retry: false };
