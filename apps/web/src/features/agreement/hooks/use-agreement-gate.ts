import { DELAY } from '@mekong/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { acceptAgreement, agreementStatusQuery } from '@/features/agreement/api/agreement-api';
import { readAcceptedAgreement, rememberAgreement, shouldShowAgreement } from '@/features/agreement/hooks/agreement-gate';
import { agreementQuery } from '@/lib/lookup-queries';

/**
 * Opens the agreement 1.5 s after home shows (docs/spec.md §2) while the member has not accepted its current version.
 * The server keeps each member's acceptance (docs/back-office/settings.md#agreement), so a version accepted on one
 * device is not asked again on another; this device's memory of the current version counts too (spec's
 * remember-agreement). A new version asks again everywhere.
 */
export function useAgreementGate() {
  const queryClient = useQueryClient();
  const { data } = useQuery(agreementQuery);
  const { data: status } = useQuery(agreementStatusQuery);
  const [isDue, setDue] = useState(false);
  const [accepted, setAccepted] = useState(readAcceptedAgreement);
  const accept = useMutation({
    mutationFn: acceptAgreement,
    onSuccess: (next) => queryClient.setQueryData(agreementStatusQuery.queryKey, next),
    // A version replaced meanwhile: read the new text and ask again.
    onError: () => refresh(),
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: agreementQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: agreementStatusQuery.queryKey }),
    ]);

  useEffect(() => {
    const timer = setTimeout(() => setDue(true), DELAY.agreementModalMs);
    return () => clearTimeout(timer);
  }, []);

  const version = data?.version;
  // The lookup is cached for a while: a newer version on the server means its text is new too.
  const isTextStale = status !== undefined && version !== undefined && status.version !== version;
  useEffect(() => {
    if (isTextStale) void queryClient.invalidateQueries({ queryKey: agreementQuery.queryKey });
  }, [isTextStale, queryClient]);

  const isRequired = status
    ? status.isAcceptRequired && status.version === version && accepted !== version
    : shouldShowAgreement(accepted, version);
  const isOpen = isDue && isRequired;

  // Accepted on this device before the server kept acceptances: the server learns it, once.
  const isKnownOnlyHere = status?.isAcceptRequired === true && status.version === accepted;
  const { mutate, isIdle } = accept;
  useEffect(() => {
    if (isKnownOnlyHere && isIdle && accepted) mutate(accepted);
  }, [isKnownOnlyHere, isIdle, accepted, mutate]);

  const onAccept = () => {
    if (!data) return;
    rememberAgreement(data.version);
    setAccepted(data.version);
    accept.mutate(data.version);
  };

  return { isOpen, agreement: data, onAccept };
}
