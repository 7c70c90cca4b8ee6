import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';

/** The wizard's back and continue buttons under a step. */
export function StepActions({ onBack, children, isBusy = false, variant = 'primary', testId }: { onBack: () => void; children: ReactNode; isBusy?: boolean; variant?: 'primary' | 'gold'; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="form-row">
      <Button variant="ghost" onClick={onBack}>
        {t('common.back')}
      </Button>
      <Button type="submit" variant={variant} isBusy={isBusy} data-testid={testId}>
        {children}
      </Button>
    </div>
  );
}
