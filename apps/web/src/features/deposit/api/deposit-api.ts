import { bankAccountNameUpdate } from '@mekong/contracts/account';
import { IDEMPOTENCY_HEADER, QR_PROVIDERS, SLIP_UPLOAD_TIMEOUT_MS, type QrProvider } from '@mekong/contracts/constants';
import {
  depositOptions,
  qrCancel,
  qrCreateChosen,
  qrGet,
  SLIP_FILE_FIELD,
  walletAdd,
  walletSlipUpload,
  walletTruelink,
  type DepositOptions,
  type QrState,
} from '@mekong/contracts/deposit';
import { statementList } from '@mekong/contracts/statement';
import { encryptTrueLink } from '@mekong/contracts/truelink-crypto';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { trueLinkSecret } from '@/lib/truelink-secret';
import { queryKeys } from '@/lib/query-keys';
import { storeProfile } from '@/lib/member-queries';

/** The deposit methods and accounts open to this member, in their currency only (GET /api/deposit/options). */
export const depositOptionsQuery = queryOptions<DepositOptions>({
  queryKey: queryKeys.depositOptions,
  queryFn: ({ signal }) => apiCall(depositOptions, { signal }),
  staleTime: 60_000,
});

/** The member's current QR at one provider; read afresh every time the deposit modal opens. */
export const qrQuery = (provider: QrProvider) =>
  queryOptions<QrState>({
    queryKey: queryKeys.qr(provider),
    queryFn: ({ signal }) => apiCall(qrGet, { params: { providerCode: provider }, signal }),
    staleTime: 0,
    retry: false,
  });

/** The one QR button (docs/decisions/0022-one-qr-button.md): the server picks the gateway and says which. */
export function createChosenQr(amount: number, idempotencyKey: string) {
  return apiCall(qrCreateChosen, { body: { amount }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function cancelQr(provider: QrProvider, qrcodeId: string) {
  return apiCall(qrCancel, { params: { providerCode: provider }, body: { qrcodeId } });
}

/** Spec §4: creating a QR refreshes the other providers' QR views (the server closes any other waiting QR). */
export async function refreshQrs(queryClient: QueryClient): Promise<void> {
  await Promise.all(QR_PROVIDERS.map((provider) => queryClient.invalidateQueries({ queryKey: queryKeys.qr(provider) })));
}

/** How many of the latest deposits the open deposit sheet compares, to see one arrive (use-arrived-deposit). */
const ARRIVALS_LIMIT = 10;

/** The member's latest deposits (POST /api/statement, type deposit): read while the deposit sheet is open. */
export const latestDepositsQuery = queryOptions({
  queryKey: [...queryKeys.statement, 'latest-deposits'],
  queryFn: ({ signal }) => apiCall(statementList, { body: { page: 1, limit: ARRIVALS_LIMIT, type: 'deposit' }, signal, isQuiet: true }),
  staleTime: 0,
  retry: false,
});

export function addManualDeposit(body: { amount: number }, idempotencyKey: string) {
  return apiCall(walletAdd, { body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** POST /api/wallet/slip: multipart field `file`, 300 s time-out (docs/spec.md §9). */
export function uploadSlip(file: File, idempotencyKey: string) {
  const formData = new FormData();
  formData.append(SLIP_FILE_FIELD, file, file.name);
  return apiCall(walletSlipUpload, { formData, timeoutMs: SLIP_UPLOAD_TIMEOUT_MS, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** The gift link leaves the browser only encrypted with the shared secret (docs/design.md#deposits). */
export async function sendTrueLink({ link }: { link: string }, idempotencyKey: string) {
  const encrypted = await encryptTrueLink(link.trim(), trueLinkSecret());
  return apiCall(walletTruelink, { body: { link: encrypted }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export async function saveBankAccountName(queryClient: QueryClient, bankCode: string, bankAccountName: string) {
  const data = await apiCall(bankAccountNameUpdate, { body: { bankCode, bankAccountName } });
  await storeProfile(queryClient, data);
  return data;
}
