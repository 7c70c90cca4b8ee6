import type { Trx } from '@/db/database.ts';
import { recordAudit, type Actor } from '@/modules/audit/audit.service.ts';
import { findSettingForUpdate, saveSetting } from '@/modules/settings/settings.repository.ts';
import type { SettingKey, SettingValue } from '@/modules/settings/settings.schema.ts';

/**
 * Saves one setting and its `setting.changed` audit record (the value it had, stored or default, and the new one) in
 * the caller's transaction, read under the key's lock as the settings screen's saves are, so two saves take turns and
 * each record's before is what the previous one left.
 */
export async function saveSettingAudited<K extends SettingKey>(
  trx: Trx,
  key: K,
  value: SettingValue<K>,
  actor: Actor,
  now: Date,
): Promise<void> {
  const before = await findSettingForUpdate(trx, key);
  await saveSetting(trx, key, value, now);
  await recordAudit(
    trx,
    actor,
    { action: 'setting.changed', targetType: 'setting', targetId: key, before, after: value },
    now,
  );
}
