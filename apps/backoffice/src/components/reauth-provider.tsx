import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { adminReauthContract } from '@mekong/contracts/admin/auth';
import { CodeField, PasswordField } from '@/components/credential-fields';
import { ErrorText } from '@/components/error-text';
import { FormDialog } from '@/components/form-dialog';
import { adminFetch } from '@/lib/api-client';
import { OPERATOR_QUERY_KEY } from '@/lib/use-operator';

type Reauth = { requestReauth: () => Promise<boolean> };
const ReauthContext = createContext<Reauth>({ requestReauth: async () => false });

/** Asks for the password and a fresh code before money decisions (docs/decisions/0014-back-office.md#re-authentication). */
export function useReauth(): Reauth {
  return useContext(ReauthContext);
}

type FormValues = { password: string; code: string };

export function ReauthProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const form = useForm<FormValues>({ defaultValues: { password: '', code: '' } });

  const requestReauth = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setError(null);
        form.reset();
        setIsOpen(true);
      }),
    [form],
  );
  const finish = (ok: boolean) => {
    setIsOpen(false);
    resolver.current?.(ok);
    resolver.current = null;
  };
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await adminFetch(adminReauthContract, { body: values });
      void queryClient.invalidateQueries({ queryKey: OPERATOR_QUERY_KEY });
      finish(true);
    } catch (failure) {
      setError(failure);
    }
  });

  return (
    <ReauthContext.Provider value={{ requestReauth }}>
      {children}
      <FormDialog
        isOpen={isOpen}
        onClose={() => finish(false)}
        title={t('reauth.title')}
        description={t('reauth.body')}
        submitText={t('reauth.confirm')}
        isBusy={form.formState.isSubmitting}
        onSubmit={(event) => void onSubmit(event)}
      >
        <PasswordField input={form.register('password', { required: true })} />
        <CodeField input={form.register('code', { required: true })} />
        <ErrorText error={error} />
      </FormDialog>
    </ReauthContext.Provider>
  );
}
