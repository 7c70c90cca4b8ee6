import { isDeepStrictEqual } from 'node:util';
import { randomUUID } from 'node:crypto';
import type { SettingChangeAnswer } from '@mekong/contracts/admin/setting-changes';
import type {
  GameProviderSetting,
  OperatorAccount,
} from '@mekong/contracts/admin/settings-catalogue';
import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import type { GamesService } from '@/modules/games/games.service.ts';
import type { ProviderRow } from '@/modules/games/games.repository.ts';
import {
  hasSameAccount,
  listAllOperatorAccounts,
  lockAllOperatorAccounts,
  lockOperatorAccount,
  setOperatorAccountOrder,
} from '@/modules/lookup/operator-accounts.repository.ts';
import { actorOf, type OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import {
  accountBodyOf,
  accountFieldsOf,
  toOperatorAccount,
  type AccountBody,
} from '@/modules/settings/operator-account-fields.ts';
import { requestSettingChange } from '@/modules/settings/setting-changes.service.ts';

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
 * (docs/back-office/settings.md). Adding or editing an account asks for a change that waits for a second operator;
 * the order and the providers are audited as `setting.changed` in their own transaction. The member deposit screens
 * read the accounts uncached, and the provider catalogue is forgotten after the commit.
 */
export function createSettingsCatalogueService(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  games: Pick<GamesService, 'providers' | 'forgetProviders' | 'switchProvider'>,
) {
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

    /** A new account members would pay into: it waits for a second operator (setting-changes.service.ts). */
    async createAccount(
      body: AccountBody,
      operator: OperatorContext,
    ): Promise<SettingChangeAnswer> {
      const fields = await accountFieldsOf(db.kysely, body);
      return db.withTransaction(async (trx) => {
        if (await hasSameAccount(trx, fields, null)) throw new AppError('OPERATOR_ACCOUNT_EXISTS');
        const request = {
          subject: 'operatorAccount' as const,
          accountId: randomUUID(),
          before: null,
          value: accountBodyOf(fields),
        };
        const pending = await requestSettingChange(trx, request, operator, clock.now());
        return { message: 'OK' as const, pending };
      });
    },

    /** An edited account (switched on or off too) waits for a second operator; an unchanged one answers null. */
    async updateAccount(
      id: string,
      body: AccountBody,
      operator: OperatorContext,
    ): Promise<SettingChangeAnswer> {
      const fields = await accountFieldsOf(db.kysely, body);
      return db.withTransaction(async (trx) => {
        const before = await lockOperatorAccount(trx, id);
        if (!before) throw new AppError('ITEM_NOT_FOUND');
        if (await hasSameAccount(trx, fields, id)) throw new AppError('OPERATOR_ACCOUNT_EXISTS');
        const [was, will] = [accountBodyOf(before), accountBodyOf(fields)];
        if (isDeepStrictEqual(was, will)) return { message: 'OK' as const, pending: null };
        const request = {
          subject: 'operatorAccount' as const,
          accountId: id,
          before: was,
          value: will,
        };
        const pending = await requestSettingChange(trx, request, operator, clock.now());
        return { message: 'OK' as const, pending };
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
