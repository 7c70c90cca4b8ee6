import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAlert } from '@/components/alert-provider';
import { errorText } from '@/lib/error-message';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { afterMoneyMoved } from '@/lib/member-queries';
import { sendUntilKnown, type CheckingState } from '@/lib/send-until-known';
import { useDelayedFlag } from '@/lib/use-delayed-flag';

type Keeper = ReturnType<typeof createIdempotencyKeeper>;

// Module level: a retry after an unknown outcome must reuse its key even if the form was closed in between.
const keepers = new Map<string, Keeper>();

function keeperOf(scope: string): Keeper {
  let keeper = keepers.get(scope);
  if (!keeper) {
    keeper = createIdempotencyKeeper();
    keepers.set(scope, keeper);
  }
  return keeper;
}

type SuccessToast = { text: string; tone?: 'success' | 'info'; durationMs?: number };

type MoneyMutationOptions<TVars, TResult> = {
  /** The kind of submission (transfer, withdraw…): keys are kept per kind. */
  scope: string;
  /** What makes two submissions the same one (default: the variables as JSON). */
  fingerprint?: (vars: TVars) => string;
  send: (vars: TVars, idempotencyKey: string) => Promise<TResult>;
  /** What to read again after any answer; by default the wallet and the statement. */
  refresh?: (queryClient: QueryClient) => Promise<void>;
  /** The toast once the server has answered; none when it returns null. */
  successToast?: (result: TResult, vars: TVars) => SuccessToast | null;
  onSuccess?: (result: TResult, vars: TVars) => void | Promise<void>;
  /** With a title, a failure shows the error dialog; onError gets the member's message either way. */
  failureTitle?: string;
  onError?: (message: string, error: unknown) => void;
};

/**
 * Every call that moves money: one Idempotency-Key per submission (docs/decisions/0003-money-core.md). When the
 * outcome is unknown (no answer, time-out, a gateway's 5xx) the member is told the app is checking, and the same
 * request is sent again under the same key until the server gives a definite answer
 * (docs/decisions/0024-unknown-money-outcomes.md): a failure message is only ever the server's refusal. The wallet and
 * statement are read again whatever the answer; then the success toast or the failure message. `isBusyShown` turns
 * on after the spec's 200 ms; `checking` says why the call is still on its way.
 */
export function useMoneyMutation<TVars, TResult>(options: MoneyMutationOptions<TVars, TResult>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const keeper = keeperOf(options.scope);
  const refresh = options.refresh ?? afterMoneyMoved;
  const toastId = `money-checking-${useId()}`;
  const [checking, setChecking] = useState<CheckingState | null>(null);

  const onChecking = (state: CheckingState) => {
    setChecking(state);
    toast.loading(t(`moneyCheck.${state}.title`), {
      id: toastId,
      description: t(`moneyCheck.${state}.text`),
      duration: Number.POSITIVE_INFINITY,
      dismissible: false,
      testId: 'money-checking',
    });
  };
  const onKnown = () => {
    setChecking(null);
    toast.dismiss(toastId);
  };

  const mutation = useMutation({
    // Offline, the call still starts: it then waits for the network with the member told so, instead of pausing.
    networkMode: 'always',
    mutationFn: (vars: TVars) => {
      const key = keeper.keyFor(options.fingerprint ? options.fingerprint(vars) : JSON.stringify(vars));
      return sendUntilKnown(() => options.send(vars, key), onChecking);
    },
    onSuccess: async (result, vars) => {
      onKnown();
      keeper.settle();
      await refresh(queryClient);
      const shown = options.successToast?.(result, vars);
      if (shown) toast[shown.tone ?? 'success'](shown.text, shown.durationMs ? { duration: shown.durationMs } : undefined);
      await options.onSuccess?.(result, vars);
    },
    onError: async (error) => {
      onKnown();
      keeper.settle(error);
      await refresh(queryClient);
      const message = errorText(t, error);
      if (options.failureTitle) await showAlert({ tone: 'error', title: options.failureTitle, message });
      options.onError?.(message, error);
    },
  });
  const isBusyShown = useDelayedFlag(mutation.isPending);
  /** Sends unless a submission is already on its way (a double tap sends once). */
  const submit = (vars: TVars) => {
    if (!mutation.isPending) mutation.mutate(vars);
  };
  return { ...mutation, isBusyShown, checking, submit };
}
