import { bankAccountNameUpdate } from '@mekong/contracts/account';
import { IDEMPOTENCY_HEADER, QR_PROVIDERS, SLIP_UPLOAD_TIMEOUT_MS, PAGE_SIZE, type QrProvider } from '@mekong/contracts/constants';
import {
  qrCancel,
  qrCreate,
  qrGet,
  SLIP_FILE_FIELD,
  slipList,
  slipReference,
  walletAdd,
  walletSlipUpload,
  walletTruelink,
  type QrState,
} from '@mekong/contracts/deposit';
import { lookupDeposit, lookupSlip } from '@mekong/contracts/lookup';
import { encryptTrueLink } from '@mekong/contracts/truelink-crypto';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { MEMBER_KEY } from '@/app/query-client';
import { profileQuery } from '@/features/profile/api/profile-queries';
import { walletKey } from '@/features/wallet/api/wallet-api';
import { apiCall } from '@/lib/api-client';
import { trueLinkSecret } from '@/lib/config';

export const qrKey = (provider: QrProvider) => [MEMBER_KEY, 'deposit', 'qr', provider] as const;

/** The member's current QR at one provider; read afresh every time the deposit modal opens. */
export const qrQuery = (provider: QrProvider) =>
  queryOptions<QrState>({
    queryKey: qrKey(provider),
    queryFn: ({ signal }) => apiCall(qrGet, { params: { providerCode: provider }, signal }),
    staleTime: 0,
    retry: false,
  });

export function createQr(provider: QrProvider, amount: number, idempotencyKey: string) {
  return apiCall(qrCreate, { params: { providerCode: provider }, body: { amount }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function cancelQr(provider: QrProvider, qrcodeId: string) {
  return apiCall(qrCancel, { params: { providerCode: provider }, body: { qrcodeId } });
}

/** Spec §4: creating one provider's QR refreshes the other providers' QR views. */
export async function refreshOtherQrs(queryClient: QueryClient, provider: QrProvider): Promise<void> {
  await Promise.all(QR_PROVIDERS.filter((other) => other !== provider).map((other) => queryClient.invalidateQueries({ queryKey: qrKey(other) })));
}

export const depositLookupQuery = queryOptions({
  queryKey: ['lookup', 'deposit'],
  queryFn: ({ signal }) => apiCall(lookupDeposit, { signal }),
  staleTime: 60_000,
});

export const slipWindowQuery = queryOptions({
  queryKey: ['lookup', 'slip'],
  queryFn: ({ signal }) => apiCall(lookupSlip, { signal }),
  staleTime: 60_000,
  retry: false,
});

export function addManualDeposit(amount: number, idempotencyKey: string) {
  return apiCall(walletAdd, { body: { amount }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** POST /api/wallet/slip: multipart field `file`, 300 s time-out (spec §9). */
export function uploadSlip(file: File, idempotencyKey: string) {
  const formData = new FormData();
  formData.append(SLIP_FILE_FIELD, file, file.name);
  return apiCall(walletSlipUpload, { formData, timeoutMs: SLIP_UPLOAD_TIMEOUT_MS, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** The gift link leaves the browser only encrypted with the shared secret (DESIGN D6). */
export async function sendTrueLink(link: string, idempotencyKey: string) {
  const encrypted = await encryptTrueLink(link.trim(), trueLinkSecret());
  return apiCall(walletTruelink, { body: { link: encrypted }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export async function saveBankAccountName(queryClient: QueryClient, bankCode: string, bankAccountName: string) {
  const data = await apiCall(bankAccountNameUpdate, { body: { bankCode, bankAccountName } });
  queryClient.setQueryData(profileQuery.queryKey, data);
  await queryClient.invalidateQueries({ queryKey: walletKey });
  return data;
}

export const slipListKey = [MEMBER_KEY, 'statement', 'slips'] as const;

/** POST /api/statement/slip {page, limit: 10} (spec §9). */
export const slipListQuery = (page: number) =>
  queryOptions({
    queryKey: [...slipListKey, page],
    queryFn: ({ signal }) => apiCall(slipList, { body: { page, limit: PAGE_SIZE.slip }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });

export function slipReferenceUrl(reference: string) {
  return apiCall(slipReference, { params: { reference } });
}
