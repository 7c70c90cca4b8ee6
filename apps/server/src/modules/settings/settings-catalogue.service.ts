import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type {
  GameProviderSetting,
  OperatorAccount,
  operatorAccountBodySchema,
} from '@mekong/contracts/admin/settings-catalogue';
import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import type { GamesService } from '@/modules/games/games.service.ts';
import type { ProviderRow } from '@/modules/games/games.repository.ts';
import {
  hasSameAccount,
  insertOperatorAccount,
  isKnownBank,
  listAllOperatorAccounts,
  lockAllOperatorAccounts,
  lockOperatorAccount,
  setOperatorAccountOrder,
  updateOperatorAccount,
  type OperatorAccountFields,
  type OperatorAccountRow,
} from '@/modules/lookup/operator-accounts.repository.ts';
import { actorOf, type OperatorContext } from '@/modules/operators/operator-auth.service.ts';

type AccountBody = z.output<typeof operatorAccountBodySchema>;

export function toOperatorAccount(row: OperatorAccountRow): OperatorAccount {
  return {
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    bankType: row.bank_type,
    mode: row.mode,
    accountName: row.account_name,
    accountNo: row.account_no,
    currency: row.currency,
    isEnabled: row.is_enabled,
    sortOrder: row.sort_order,
  };
}

function toProviderSetting(row: ProviderRow): GameProviderSetting {
  return {
    code: row.code,
    name: row.name,
    category: row.category,
    logo: row.logo,
    isEnabled: row.is_enabled,
    sortOrder: row.sort_order,
  };
}

/**
 * The operator's deposit accounts and the game providers on or off, as the back office edits them
 * (docs/back-office/settings.md). Every change is audited as `setting.changed` in its own transaction; the member
 * deposit screens read the accounts uncached, and the provider catalogue is forgotten after the commit.
 */
export function createSettingsCatalogueService(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  games: Pick<GamesService, 'providers' | 'forgetProviders' | 'switchProvider'>,
) {
  async function fieldsOf(body: AccountBody): Promise<OperatorAccountFields> {
    const channel = body.kind === 'bank' ? body.channel.toUpperCase() : body.channel;
    if (body.kind === 'bank' && !(await isKnownBank(db.kysely, channel)))
      throw new AppError('OPERATOR_ACCOUNT_INVALID');
    return {
      kind: body.kind,
      channel,
      bank_type: body.bankType,
      mode: body.mode,
      account_name: body.accountName,
      account_no: body.accountNo,
      currency: body.currency,
      is_enabled: body.isEnabled,
    };
  }

  const audit = (
    trx: Parameters<typeof recordAudit>[0],
    operator: OperatorContext,
    targetType: string,
    targetId: string,
    before: unknown,
    after: unknown,
  ) =>
    recordAudit(
      trx,
      actorOf(operator),
      { action: 'setting.changed', targetType, targetId, before, after },
      clock.now(),
    );

  return {
    async accounts(): Promise<OperatorAccount[]> {
      return (await listAllOperatorAccounts(db.kysely)).map(toOperatorAccount);
    },

    async createAccount(body: AccountBody, operator: OperatorContext): Promise<OperatorAccount> {
      const fields = await fieldsOf(body);
      return db.withTransaction(async (trx) => {
        if (await hasSameAccount(trx, fields, null)) throw new AppError('OPERATOR_ACCOUNT_EXISTS');
        const row = await insertOperatorAccount(trx, {
          ...fields,
          id: randomUUID(),
          created_at: clock.now(),
        });
        const account = toOperatorAccount(row);
        await audit(trx, operator, 'operator_account', row.id, null, account);
        return account;
      });
    },

    async updateAccount(
      id: string,
      body: AccountBody,
      operator: OperatorContext,
    ): Promise<OperatorAccount> {
      const fields = await fieldsOf(body);
      return db.withTransaction(async (trx) => {
        const before = await lockOperatorAccount(trx, id);
        if (!before) throw new AppError('ITEM_NOT_FOUND');
        if (await hasSameAccount(trx, fields, id)) throw new AppError('OPERATOR_ACCOUNT_EXISTS');
        const account = toOperatorAccount(await updateOperatorAccount(trx, id, fields));
        await audit(trx, operator, 'operator_account', id, toOperatorAccount(before), account);
        return account;
      });
    },

    /** `ids` must name every account exactly once; they are listed to members in this order. */
    async orderAccounts(ids: string[], operator: OperatorContext): Promise<OperatorAccount[]> {
      await db.withTransaction(async (trx) => {
        const rows = await lockAllOperatorAccounts(trx);
        const known = new Set(rows.map((r) => r.id));
        if (
          ids.length !== known.size ||
          new Set(ids).size !== ids.length ||
          !ids.every((id) => known.has(id))
        )
          throw new AppError('INVALID_REQUEST');
        const before = [...rows].sort((a, b) => a.sort_order - b.sort_order).map((r) => r.id);
        for (const [index, id] of ids.entries()) await setOperatorAccountOrder(trx, id, index + 1);
        await audit(trx, operator, 'operator_account', 'order', before, ids);
      });
      return (await listAllOperatorAccounts(db.kysely)).map(toOperatorAccount);
    },

    async providers(): Promise<GameProviderSetting[]> {
      // Read past the cache: the operator sees what is stored.
      games.forgetProviders();
      return (await games.providers()).map(toProviderSetting);
    },

    async switchProvider(
      code: string,
      isEnabled: boolean,
      operator: OperatorContext,
    ): Promise<GameProviderSetting> {
      const after = await db.withTransaction(async (trx) => {
        const change = await games.switchProvider(trx, code, isEnabled);
        const [before, next] = [toProviderSetting(change.before), toProviderSetting(change.after)];
        if (change.before.is_enabled !== isEnabled)
          await audit(trx, operator, 'game_provider', code, before, next);
        return next;
      });
      games.forgetProviders();
      return after;
    },
  };
}

export type SettingsCatalogueService = ReturnType<typeof createSettingsCatalogueService>;
