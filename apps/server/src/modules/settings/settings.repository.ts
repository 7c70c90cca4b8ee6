import { sql, type Kysely } from 'kysely';
import type { Database } from '@/db/schema.ts';
import {
  settingDefaults,
  settingSchemas,
  type SettingKey,
  type SettingValue,
} from '@/modules/settings/settings.schema.ts';

/** Reads one setting; undefined when neither stored nor defaulted. A stored value that fails its schema throws. */
export async function findSetting<K extends SettingKey>(
  db: Kysely<Database>,
  key: K,
): Promise<SettingValue<K> | undefined> {
  const row = await db
    .selectFrom('operator_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return settingDefaults[key] as SettingValue<K> | undefined;
  const parsed = settingSchemas[key].safeParse(row.value);
  if (!parsed.success)
    throw new Error(`operator setting ${key} is malformed: ${parsed.error.message}`);
  return parsed.data as SettingValue<K>;
}

export async function saveSetting<K extends SettingKey>(
  db: Kysely<Database>,
  key: K,
  value: SettingValue<K>,
  now: Date,
  options: { isOverwrite: boolean } = { isOverwrite: true },
): Promise<void> {
  const json = JSON.stringify(settingSchemas[key].parse(value));
  const insert = db
    .insertInto('operator_settings')
    .values({ key, value: sql<string>`${json}::jsonb`, updated_at: now });
  await (
    options.isOverwrite
      ? insert.onConflict((oc) =>
          oc.column('key').doUpdateSet({ value: sql<string>`excluded.value`, updated_at: now }),
        )
      : insert.onConflict((oc) => oc.column('key').doNothing())
  ).execute();
}
