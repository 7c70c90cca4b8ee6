import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { settingSaves, type AdminSettingKey } from '@mekong/contracts/admin/settings';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { saveSetting, SETTINGS_KEY, type SettingBody } from '@/features/settings/api/settings-api';
import { useCan } from '@/lib/use-operator';

/**
 * One setting's form: checked in the browser by the same contract schema the server checks, saved whole by the
 * key's PUT, and reset to what the server stored after a save.
 */
export function useSettingForm<K extends AdminSettingKey>(
  key: K,
  values: SettingBody<K> | undefined,
) {
  type Values = SettingBody<K> & FieldValues;
  const schema = settingSaves[key].body as unknown as z.ZodType<Values, Values>;
  const form = useForm<Values>({
    resolver: zodResolver(schema) as unknown as Resolver<Values>,
    defaultValues: values as DefaultValues<Values> | undefined,
  });
  useEffect(() => {
    if (values) form.reset(values as Values);
  }, [values, form]);
  const save = useAdminMutation({
    run: (body: SettingBody<K>) => saveSetting(key, body),
    invalidates: [SETTINGS_KEY],
  });
  // Who may save is the contract's permission for the key (docs/back-office/settings.md).
  const canSave = useCan(settingSaves[key].permission);
  // The resolver already ran the schema: what reaches here is the contract's output, which is also a valid input.
  const onSubmit = form.handleSubmit((body) => save.mutate(body));
  return { form, onSubmit, isSaving: save.isPending, canSave };
}
