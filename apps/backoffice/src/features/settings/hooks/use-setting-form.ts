import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { settingSaves, type AdminSettingKey } from '@mekong/contracts/admin/settings';
import { useAdminMutation } from '@/components/use-admin-mutation';
import {
  PENDING_KEY,
  saveSetting,
  SETTINGS_KEY,
  usePendingChanges,
  type SettingBody,
} from '@/features/settings/api/settings-api';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/use-operator';

/**
 * One setting's form: checked in the browser by the same contract schema the server checks, saved whole by the
 * key's PUT, and reset to what the server stored after a save. A money-critical key's save waits for a second
 * operator: the form goes back to the value in effect and `pending` holds the change waiting.
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
  const { t, i18n } = useTranslation('settings');
  const pending = usePendingChanges().data?.find((change) => change.subject === key) ?? null;
  const save = useAdminMutation({
    run: (body: SettingBody<K>) => saveSetting(key, body),
    invalidates: [SETTINGS_KEY, PENDING_KEY],
    successText: (waiting) =>
      waiting
        ? t('pending.saved', { time: formatDateTime(waiting.effectiveAt, i18n.language) })
        : t('common:saved'),
    onSuccess: (waiting) => {
      if (waiting && values) form.reset(values as Values);
    },
  });
  // Who may save is the contract's permission for the key (docs/back-office/settings.md).
  const canSave = useCan(settingSaves[key].permission);
  // The resolver already ran the schema: what reaches here is the contract's output, which is also a valid input.
  const onSubmit = form.handleSubmit((body) => save.mutate(body));
  return { form, onSubmit, isSaving: save.isPending, canSave, pending };
}
