import { QR_PROVIDERS } from '@mekong/contracts/constants';
import {
  DEPOSIT_METHODS,
  type DepositMethod,
  type DepositOptions,
} from '@mekong/contracts/deposit';
import type { AppDeps } from '@/app-deps.ts';
import { findDepositMember } from '@/modules/deposit/deposit-member.ts';
import { openQrGateways } from '@/modules/deposit/qr.service.ts';
import { listOperatorAccounts } from '@/modules/lookup/lookup.repository.ts';
import { toDepositAccounts } from '@/modules/lookup/lookup.service.ts';
import { findSettingCached } from '@/modules/settings/settings.repository.ts';

/**
 * The deposit methods and accounts open to one member (docs/design.md#deposits). Accounts are the operator's enabled
 * deposit accounts in the member's own currency: a baht member never sees a kip account, nor a kip member a baht one.
 * Thai QR Payment, Thai bank slips and TrueMoney gift links are baht only (their services refuse a kip member), so
 * a kip member is offered bank transfer alone.
 */
export function createDepositOptionsService({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  return {
    async forMember(memberId: string): Promise<DepositOptions> {
      const member = await findDepositMember(db.kysely, memberId);
      const rows = await listOperatorAccounts(db.kysely);
      const isManual = (await findSettingCached(db.kysely, 'deposit'))?.isManual ?? false;
      // Operator accounts name baht BAHT (docs/spec.md §3); the ledger names it THB.
      const currency = member.currency === 'THB' ? 'BAHT' : 'LAK';
      const isBaht = currency === 'BAHT';
      const mine = rows.filter((r) => r.currency === currency && r.bank_type !== 'withdraw');

      const { banks, wallets } = toDepositAccounts(mine);
      const hasTrueMoneyReceiver =
        Boolean(config.TRUEMONEY_RECEIVER_PHONE) || wallets.some((w) => w.mode === 'truemoney');

      const qrProviders = isBaht ? [...QR_PROVIDERS] : [];
      const qrOpen = isBaht ? await openQrGateways(db.kysely) : [];
      const isOpen: Record<DepositMethod, boolean> = {
        qr: qrOpen.length > 0,
        bank: banks.length > 0 || wallets.length > 0,
        // A slip is checked against the operator's deposit bank accounts: none, nothing to pay a slip to.
        slip: isBaht && banks.length > 0,
        giftLink: isBaht && hasTrueMoneyReceiver,
      };
      const methods = DEPOSIT_METHODS.filter((m) => isOpen[m]);
      return { methods, qrProviders, qrOpen, banks, wallets, isManual };
    },
  };
}

export type DepositOptionsService = ReturnType<typeof createDepositOptionsService>;
