import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import type {
  AdminSettingKey,
  AdminSettings,
  settingSaves,
} from '@mekong/contracts/admin/settings';
import {
  isGuardedSettingKey,
  type PendingSettingChange,
} from '@mekong/contracts/admin/setting-changes';
import type { AppDeps } from '@/app-deps.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { ensureHowtoMediaStored, forgetUnusedHowtoMedia } from '@/modules/howto/howto.service.ts';
import { actorOf, type OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import { checkedAdminAccess } from '@/modules/settings/admin-access-check.ts';
import { nextAgreementVersion } from '@/modules/settings/agreement-version.ts';
import { requestSettingChange } from '@/modules/settings/setting-changes.service.ts';
import {
  findSetting,
  findSettingForUpdate,
  forgetCachedSettings,
  saveSetting,
} from '@/modules/settings/settings.repository.ts';
import type { SettingValue } from '@/modules/settings/settings.schema.ts';

export type SettingSaveBody<K extends AdminSettingKey> = z.output<(typeof settingSaves)[K]['body']>;

/**
 * The operator settings of DESIGN D10 as the back office reads and saves them (docs/back-office/settings.md). A save
 * locks the setting's row, writes it and its audit record (`setting.changed`, before and after) in one transaction,
 * then marks this process's settings cache stale, so the member API serves the new value at once.
 */
export function createSettingsAdminService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const read = <K extends AdminSettingKey>(key: K) => findSetting(db.kysely, key);

  /** What is stored for a save body: the agreement gets its version, the allowlist is checked against the saver. */
  function storedValue<K extends AdminSettingKey>(
    key: K,
    body: SettingSaveBody<K>,
    before: SettingValue<K> | undefined,
    operator: OperatorContext,
  ): SettingValue<K> {
    if (key === 'agreement') {
      const { isNewVersion, title, html } = body as SettingSaveBody<'agreement'>;
      const previous = before as SettingValue<'agreement'> | undefined;
      const version =
        isNewVersion || !previous
          ? nextAgreementVersion(previous?.version, clock.now())
          : previous.version;
      return { version, title, html } as SettingValue<K>;
    }
    if (key === 'adminAccess')
      return checkedAdminAccess(
        body as SettingSaveBody<'adminAccess'>,
        operator.ip,
      ) as SettingValue<K>;
    return body as SettingValue<K>;
  }

  return {
    async all(): Promise<AdminSettings> {
      const [
        brand,
        contact,
        conditions,
        agreement,
        notice,
        howto,
        deposit,
        withdraw,
        withdrawLimits,
        approvals,
        slip,
        registerOtp,
        chatWidget,
        chat,
        service,
        adminAccess,
      ] = await Promise.all([
        read('brand'),
        read('contact'),
        read('conditions'),
        read('agreement'),
        read('notice'),
        read('howto'),
        read('deposit'),
        read('withdraw'),
        read('withdrawLimits'),
        read('approvals'),
        read('slip'),
        read('registerOtp'),
        read('chatWidget'),
        read('chat'),
        read('service'),
        read('adminAccess'),
      ]);
      // Switches and limits have defaults (settings.schema.ts), so only content can be missing.
      return {
        brand: brand ?? null,
        contact: contact ?? null,
        conditions: conditions ?? null,
        agreement: agreement ?? null,
        notice: notice!,
        howto: howto!,
        deposit: deposit!,
        withdraw: withdraw ?? null,
        withdrawLimits: withdrawLimits!,
        approvals: approvals!,
        slip: slip!,
        registerOtp: registerOtp!,
        chatWidget: chatWidget!,
        chat: chat!,
        service: service!,
        adminAccess: adminAccess!,
      };
    },

    /**
     * Saves one setting; an unchanged value writes nothing and no audit record. A guarded key (money-critical) is not
     * saved but asked for: the answer is the change now waiting for a second operator (null when unchanged).
     */
    async save<K extends AdminSettingKey>(
      key: K,
      body: SettingSaveBody<K>,
      operator: OperatorContext,
    ): Promise<PendingSettingChange | null> {
      let pending: PendingSettingChange | null = null;
      const isChanged = await db.withTransaction(async (trx) => {
        const before = await findSettingForUpdate(trx, key);
        const after = storedValue(key, body, before, operator);
        if (key === 'howto') await ensureHowtoMediaStored(trx, after as SettingValue<'howto'>);
        if (isDeepStrictEqual(before, after)) return false;
        const now = clock.now();
        if (isGuardedSettingKey(key)) {
          const request = { subject: key, accountId: null, before: before ?? null, value: after };
          pending = await requestSettingChange(trx, request, operator, now);
          return false;
        }
        await saveSetting(trx, key, after, now);
        if (key === 'howto') await forgetUnusedHowtoMedia(trx, after as SettingValue<'howto'>);
        await recordAudit(
          trx,
          actorOf(operator),
          {
            action: 'setting.changed',
            targetType: 'setting',
            targetId: key,
            before: before ?? null,
            after,
          },
          now,
        );
        return true;
      });
      if (isChanged) forgetCachedSettings();
      return pending;
    },
  };
}

export type SettingsAdminService = ReturnType<typeof createSettingsAdminService>;
