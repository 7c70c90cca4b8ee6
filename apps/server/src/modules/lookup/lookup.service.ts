import type { ResponseOf } from '@mekong/contracts/contract';
import type {
  DepositBank,
  DepositWallet,
  lookupDeposit,
  lookupSlip,
} from '@mekong/contracts/lookup';
import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { isInDailyWindow } from '@/lib/player-time.ts';
import {
  listEnabledBanks,
  listEnabledSources,
  listOperatorAccounts,
} from '@/modules/lookup/lookup.repository.ts';
import { findSetting } from '@/modules/settings/settings.repository.ts';
import type { SettingKey, SettingValue } from '@/modules/settings/settings.schema.ts';

type OperatorAccountRow = Awaited<ReturnType<typeof listOperatorAccounts>>[number];

/** Operator accounts as the deposit screens list them: bank accounts, and TrueMoney / PromptPay wallets. */
export function toDepositAccounts(rows: readonly OperatorAccountRow[]): {
  banks: DepositBank[];
  wallets: DepositWallet[];
} {
  const banks = rows
    .filter((r) => r.kind === 'bank')
    .map((r) => ({
      bankCode: r.channel,
      bankType: r.bank_type,
      mode: r.mode,
      bank: { nameTH: r.name_th ?? r.channel, nameEN: r.name_en ?? r.channel },
      bankAccountName: r.account_name,
      bankAccountNo: r.account_no,
      currency: r.currency,
    }));
  const wallets = rows.flatMap((r): DepositWallet[] => {
    const mode = r.channel;
    if (r.kind !== 'wallet' || (mode !== 'truemoney' && mode !== 'promptpay')) return [];
    return [{ mode, walletAccountName: r.account_name, walletAccountNo: r.account_no }];
  });
  return { banks, wallets };
}

export function createLookupService({
  db,
  config,
  clock,
}: Pick<AppDeps, 'db' | 'config' | 'clock'>) {
  const required = async <K extends SettingKey>(key: K): Promise<SettingValue<K>> => {
    const value = await findSetting(db.kysely, key);
    if (value === undefined) throw new AppError('NO_DATA');
    return value;
  };

  return {
    async banks() {
      const rows = await listEnabledBanks(db.kysely, config.COUNTRY);
      return rows.map((b) => ({
        code: b.code,
        nameTH: b.name_th,
        nameEN: b.name_en,
        country: b.country,
        isEnglishNameRequired: b.is_english_name_required,
      }));
    },

    async deposit(): Promise<ResponseOf<typeof lookupDeposit>> {
      const [rows, deposit] = await Promise.all([
        listOperatorAccounts(db.kysely),
        required('deposit'),
      ]);
      return { ...toDepositAccounts(rows), isManual: deposit.isManual };
    },

    conditions: () => required('conditions'),
    agreements: () => required('agreement'),
    info: () => required('brand'),
    notice: () => required('notice'),
    howto: () => required('howto'),
    contact: () => required('contact'),

    async withdraw() {
      const w = await required('withdraw');
      return { withdrawMin: w.minMinor / 100, withdrawMax: w.maxMinor / 100 };
    },

    async slip(): Promise<ResponseOf<typeof lookupSlip>> {
      const { closedFrom, closedTo } = await required('slip');
      const isClosed =
        closedFrom !== null &&
        closedTo !== null &&
        isInDailyWindow(clock.now(), closedFrom, closedTo);
      return { isOpen: !isClosed, closedFrom, closedTo };
    },

    async sources() {
      const rows = await listEnabledSources(db.kysely);
      return rows.map((s) => ({
        code: s.code,
        description: { th: s.description_th, la: s.description_la, en: s.description_en },
      }));
    },

    async active() {
      const service = await required('service');
      return { terminated: service.terminated ? ('gone' as const) : null };
    },

    async registerOtp() {
      return { enabled: (await required('registerOtp')).enabled };
    },

    async enableChatWidget() {
      return { enabled: (await required('chatWidget')).enabled };
    },
  };
}

export type LookupService = ReturnType<typeof createLookupService>;
