import { TRUEMONEY_VOUCHER_HASH, trueMoneyGiftLink } from '@mekong/contracts/truelink-crypto';
import type { SandboxContext } from '../lib/context.ts';
import { noFaults, type Faults } from '../lib/faults.ts';
import { majorText } from '../lib/money.ts';

export const VOUCHER_VALIDITY_MS = 3 * 24 * 3_600_000;
const HASH_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export type Voucher = {
  hash: string;
  link: string;
  ownerPhone: string;
  ownerName: string;
  amountMinor: number;
  isRedeemed: boolean;
  redeemedBy: string | null;
  redeemedAt: string | null;
  expiresAt: string;
  createdAt: string;
};

export type VoucherInput = {
  ownerPhone: string;
  ownerName?: string;
  amountMinor: number;
  expiresAt?: string;
  hash?: string;
};

/** TrueMoney's answer: HTTP status and `{ status: { code, message }, data }`. */
export type TrueMoneyAnswer = { httpStatus: number; body: Record<string, unknown> };

/** A Thai mobile number in its local 10-digit form (0812345678), or null. */
export function localMobile(value: string): string | null {
  const digits = value.replace(/[\s+-]/g, '');
  if (/^0[689]\d{8}$/.test(digits)) return digits;
  if (/^66[689]\d{8}$/.test(digits)) return `0${digits.slice(2)}`;
  return null;
}

const answer = (httpStatus: number, code: string, data: unknown = null): TrueMoneyAnswer => ({
  httpStatus,
  body: { status: { code, message: code === 'SUCCESS' ? 'success' : code }, data },
});

/** TrueMoney gift vouchers: made by the sandbox control, redeemed once to a target mobile. */
export function createTrueMoneyStore(ctx: SandboxContext) {
  const vouchers = new Map<string, Voucher>();
  let faults = noFaults();
  let unknownMobiles = new Set<string>();
  const nowIso = () => new Date(ctx.now()).toISOString();
  const newHash = () => {
    for (;;) {
      const hash = Array.from(
        { length: 35 },
        () => HASH_CHARS[Math.floor(ctx.random() * HASH_CHARS.length)] ?? '0',
      ).join('');
      if (!vouchers.has(hash)) return hash;
    }
  };

  const redeemData = (v: Voucher) => ({
    voucher: {
      voucher_id: v.hash.slice(0, 12),
      amount_baht: majorText(v.amountMinor),
      redeemed_amount_baht: v.isRedeemed ? majorText(v.amountMinor) : '0.00',
      member: 1,
      status: v.isRedeemed ? 'redeemed' : 'active',
      link: v.hash,
      expire_date: Date.parse(v.expiresAt),
      redeemed: v.isRedeemed ? 1 : 0,
      available: v.isRedeemed ? 0 : 1,
    },
    owner_profile: { full_name: v.ownerName, mobile: v.ownerPhone },
    redeemer_profile: v.redeemedBy ? { mobile_number: v.redeemedBy } : null,
    my_ticket: v.redeemedBy
      ? {
          mobile: v.redeemedBy,
          update_date: Date.parse(v.redeemedAt ?? nowIso()),
          amount_baht: majorText(v.amountMinor),
        }
      : null,
  });

  return {
    getFaults: () => ({ ...faults, unknownMobiles: [...unknownMobiles] }),
    rawFaults: () => faults,
    setFaults(next: Faults, mobiles?: string[]) {
      faults = next;
      if (mobiles) unknownMobiles = new Set(mobiles.map((m) => localMobile(m) ?? m));
    },

    /** The voucher, or the name of the field that keeps the input from making one. */
    create(input: VoucherInput): { voucher: Voucher } | { field: string } {
      const ownerPhone = localMobile(input.ownerPhone);
      if (!ownerPhone) return { field: 'ownerPhone' };
      if (input.hash && (!TRUEMONEY_VOUCHER_HASH.test(input.hash) || vouchers.has(input.hash)))
        return { field: 'hash' };
      const hash = input.hash ?? newHash();
      const voucher: Voucher = {
        hash,
        link: trueMoneyGiftLink(hash),
        ownerPhone,
        ownerName: input.ownerName ?? 'SANDBOX OWNER',
        amountMinor: input.amountMinor,
        isRedeemed: false,
        redeemedBy: null,
        redeemedAt: null,
        expiresAt: new Date(
          input.expiresAt ? Date.parse(input.expiresAt) : ctx.now() + VOUCHER_VALIDITY_MS,
        ).toISOString(),
        createdAt: nowIso(),
      };
      vouchers.set(hash, voucher);
      return { voucher };
    },

    list: () => [...vouchers.values()].reverse(),
    get: (hash: string) => vouchers.get(hash),

    /**
     * Redeems to `mobile` the way TrueMoney answers: once per voucher (vouchers here are for one person).
     * `isRejected`: a definite failure from the fault switches (INTERNAL_ERROR, nothing redeemed).
     */
    redeem(
      hash: string,
      body: { mobile?: unknown; voucher_hash?: unknown },
      isRejected = false,
    ): TrueMoneyAnswer {
      if (isRejected) return answer(500, 'INTERNAL_ERROR');
      const voucher = vouchers.get(hash);
      if (!voucher || (body.voucher_hash !== undefined && body.voucher_hash !== hash))
        return answer(404, 'VOUCHER_NOT_FOUND');
      const mobile = typeof body.mobile === 'string' ? localMobile(body.mobile) : null;
      if (!mobile || unknownMobiles.has(mobile)) return answer(400, 'TARGET_USER_NOT_FOUND');
      if (voucher.isRedeemed) {
        // The same target asking again (e.g. after a time-out) learns it already has the money.
        return voucher.redeemedBy === mobile
          ? answer(400, 'TARGET_USER_REDEEMED', redeemData(voucher))
          : answer(400, 'VOUCHER_OUT_OF_STOCK');
      }
      if (ctx.now() >= Date.parse(voucher.expiresAt)) return answer(400, 'VOUCHER_EXPIRED');
      if (mobile === voucher.ownerPhone) return answer(400, 'CANNOT_GET_OWN_VOUCHER');
      voucher.isRedeemed = true;
      voucher.redeemedBy = mobile;
      voucher.redeemedAt = nowIso();
      return answer(200, 'SUCCESS', redeemData(voucher));
    },
  };
}

export type TrueMoneyStore = ReturnType<typeof createTrueMoneyStore>;
