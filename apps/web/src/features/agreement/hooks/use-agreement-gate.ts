import { DELAY } from '@mekong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { agreementQuery } from '@/lib/lookup-queries';
import { readAcceptedAgreement, rememberAgreement, shouldShowAgreement } from '@/features/agreement/hooks/agreement-gate';

/** Opens the agreement 1.5 s after home shows (docs/spec.md §2), unless this version was already accepted. */
export function useAgreementGate() {
  const { data } = useQuery(agreementQuery);
  const [isDue, setDue] = useState(false);
  const [accepted, setAccepted] = useState(readAcceptedAgreement);

  useEffect(() => {
    const timer = setTimeout(() => setDue(true), DELAY.agreementModalMs);
    return () => clearTimeout(timer);
  }, []);

  const isOpen = isDue && shouldShowAgreement(accepted, data?.version);

  const onAccept = () => {
    if (!data) return;
    rememberAgreement(data.version);
    setAccepted(data.version);
  };

  return { isOpen, agreement: data, onAccept };
}
