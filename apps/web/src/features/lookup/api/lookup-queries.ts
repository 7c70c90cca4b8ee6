import {
  lookupActive,
  lookupAgreements,
  lookupBanks,
  lookupConditions,
  lookupContact,
  lookupEnableChatWidget,
  lookupInfo,
  lookupNotice,
  lookupRegisterOtp,
  lookupSources,
} from '@mekong/contracts/lookup';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** Operator content changes rarely; one fetch per visit is enough. */
const LOOKUP_STALE_MS = 5 * 60_000;

export const brandQuery = queryOptions({
  queryKey: ['lookup', 'info'],
  queryFn: ({ signal }) => apiCall(lookupInfo, { signal }),
  staleTime: LOOKUP_STALE_MS,
});

export const activeQuery = queryOptions({
  queryKey: ['lookup', 'active'],
  queryFn: ({ signal }) => apiCall(lookupActive, { signal }),
  staleTime: 0,
});

export const noticeQuery = queryOptions({
  queryKey: ['lookup', 'notice'],
  queryFn: ({ signal }) => apiCall(lookupNotice, { signal }),
  staleTime: LOOKUP_STALE_MS,
});

export const conditionsQuery = queryOptions({
  queryKey: ['lookup', 'conditions'],
  queryFn: ({ signal }) => apiCall(lookupConditions, { signal }),
  staleTime: LOOKUP_STALE_MS,
});

export const agreementQuery = queryOptions({
  queryKey: ['lookup', 'agreements'],
  queryFn: ({ signal }) => apiCall(lookupAgreements, { signal }),
  staleTime: LOOKUP_STALE_MS,
});

export const contactQuery = queryOptions({
  queryKey: ['lookup', 'contact'],
  queryFn: ({ signal }) => apiCall(lookupContact, { signal }),
  staleTime: LOOKUP_STALE_MS,
});

export const chatWidgetQuery = queryOptions({
  queryKey: ['lookup', 'enableChatWidget'],
  queryFn: ({ signal }) => apiCall(lookupEnableChatWidget, { signal }),
  staleTime: LOOKUP_STALE_MS,
});

export const banksQuery = queryOptions({
  queryKey: ['lookup', 'banks'],
  queryFn: ({ signal }) => apiCall(lookupBanks, { signal }),
  staleTime: LOOKUP_STALE_MS,
});

export const sourcesQuery = queryOptions({
  queryKey: ['lookup', 'sources'],
  queryFn: ({ signal }) => apiCall(lookupSources, { signal }),
  staleTime: LOOKUP_STALE_MS,
});

export const registerOtpQuery = queryOptions({
  queryKey: ['lookup', 'registerOTP'],
  queryFn: ({ signal }) => apiCall(lookupRegisterOtp, { signal }),
  staleTime: 0,
});
