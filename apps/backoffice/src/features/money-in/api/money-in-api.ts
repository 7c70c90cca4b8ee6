import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  adminClaimMoneyInContract,
  adminReleaseMoneyInContract,
} from '@mekong/contracts/admin/claims';
import * as deposits from '@mekong/contracts/admin/deposits';
import { buildPath, type ResponseOf } from '@mekong/contracts/contract';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { adminDownload, adminFetch } from '@/lib/api-client';

/** The money-in queues (docs/back-office/money-in.md): one list, one item, a claim and two decisions each. */

export type MoneyInQueue = 'qr' | 'vouchers' | 'notices' | 'bank-lines' | 'slips';

export type QueueFilter = {
  state: deposits.QueueState;
  search?: string;
  from?: string;
  to?: string;
  reason?: string;
  /** bank-lines and slips only: those a person decides, or the duplicates the system refused. */
  origin?: 'person' | 'system' | undefined;
  page: number;
  limit: number;
};

const CONTRACTS = {
  qr: {
    list: deposits.adminQrListContract,
    get: deposits.adminQrGetContract,
    credit: deposits.adminQrCreditContract,
    refuse: deposits.adminQrRefuseContract,
  },
  vouchers: {
    list: deposits.adminVoucherListContract,
    get: deposits.adminVoucherGetContract,
    credit: deposits.adminVoucherCreditContract,
    refuse: deposits.adminVoucherRefuseContract,
  },
  notices: {
    list: deposits.adminNoticeListContract,
    get: deposits.adminNoticeGetContract,
    credit: deposits.adminNoticeCreditContract,
    refuse: deposits.adminNoticeRefuseContract,
  },
  'bank-lines': {
    list: deposits.adminBankLineListContract,
    get: deposits.adminBankLineGetContract,
    credit: deposits.adminBankLineCreditContract,
    refuse: deposits.adminBankLineRefuseContract,
  },
  slips: {
    list: deposits.adminSlipListContract,
    get: deposits.adminSlipGetContract,
    credit: deposits.adminSlipCreditContract,
    refuse: deposits.adminSlipRefuseContract,
  },
} as const;

type Contracts = typeof CONTRACTS;
type ListAnswer<Q extends MoneyInQueue> = ResponseOf<Contracts[Q]['list']>;
type ItemAnswer<Q extends MoneyInQueue> = ResponseOf<Contracts[Q]['get']>;
/** One item of a queue as its detail call answers it. */
export type QueueEntry<Q extends MoneyInQueue> = ItemAnswer<Q>;
/** A row of a queue's list (of any queue when none is named). */
export type QueueRow<Q extends MoneyInQueue = MoneyInQueue> = ListAnswer<Q>['rows'][number];

const listKey = (queue: MoneyInQueue) => ['admin', 'money-in', queue, 'list'] as const;
const itemKey = (queue: MoneyInQueue, id: string) =>
  ['admin', 'money-in', queue, 'item', id] as const;

export function useQueueList<Q extends MoneyInQueue>(queue: Q, filter: QueueFilter) {
  const { reason, origin, ...rest } = filter;
  const body = {
    ...rest,
    ...(queue === 'slips' && reason ? { reason } : {}),
    ...(origin ? { origin } : {}),
  };
  return useQuery({
    queryKey: [...listKey(queue), body],
    queryFn: ({ signal }) =>
      adminFetch(CONTRACTS[queue].list as Contracts['qr']['list'], {
        body: body as never,
        signal,
      }) as Promise<ListAnswer<Q>>,
    placeholderData: (previous) => previous,
    refetchInterval: 30_000,
  });
}

export function useQueueItem<Q extends MoneyInQueue>(queue: Q, id: string | null) {
  return useQuery({
    queryKey: itemKey(queue, id ?? ''),
    queryFn: ({ signal }) =>
      adminFetch(CONTRACTS[queue].get as Contracts['qr']['get'], {
        params: { id: id ?? '' },
        signal,
      }) as Promise<ItemAnswer<Q>>,
    enabled: id !== null,
  });
}

/** Claim, release, credit and refuse of one item; each refreshes the queue and the item. */
export function useQueueActions(queue: MoneyInQueue, id: string) {
  const invalidates = [listKey(queue), itemKey(queue, id)];
  const params = { queue, id };
  const claim = useAdminMutation({
    run: () => adminFetch(adminClaimMoneyInContract, { params }),
    invalidates,
  });
  const release = useAdminMutation({
    run: () => adminFetch(adminReleaseMoneyInContract, { params }),
    invalidates,
  });
  const credit = useAdminMutation({
    run: (body: { reason: string; memberId?: string; amountMinor?: number }) =>
      adminFetch(CONTRACTS[queue].credit as Contracts['bank-lines']['credit'], {
        params: { id },
        body: body as never,
      }),
    invalidates,
  });
  const refuse = useAdminMutation({
    run: (body: { reason: string; outcome?: 'returned' | 'ignored' }) =>
      adminFetch(CONTRACTS[queue].refuse as Contracts['bank-lines']['refuse'], {
        params: { id },
        body: body as never,
      }),
    invalidates,
  });
  return { claim, release, credit, refuse };
}

export function useMemberLookup(query: string) {
  return useQuery({
    queryKey: ['admin', 'money-in', 'member-lookup', query],
    queryFn: ({ signal }) =>
      adminFetch(deposits.adminDepositMemberLookupContract, { body: { query }, signal }),
    enabled: query.trim().length >= 3,
  });
}

/** The slip's image, fetched with the operator's token (no public link exists) and shown from a blob: URL. */
export function useSlipImage(id: string, hasImage: boolean) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!hasImage) return undefined;
    let objectUrl: string | null = null;
    let isCurrent = true;
    adminDownload(buildPath(deposits.adminSlipImageContract.path, { id }))
      .then((blob) => {
        if (!isCurrent) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch((failure: unknown) => {
        if (isCurrent) setError(failure);
      });
    return () => {
      isCurrent = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id, hasImage]);
  return { url, error };
}
