import { useTranslation } from 'react-i18next';
import { StepIndicator as Steps } from '@/components/step-indicator';
import type { WizardStep } from '@/features/register/hooks/register-wizard';

const STEP_KEYS = ['phone', 'otp', 'profile', 'bank'] as const;

export function StepIndicator({ step }: { step: WizardStep }) {
  const { t } = useTranslation();
  return (
    <Steps
      labels={STEP_KEYS.map((key) => t(`register.steps.${key}`))}
      current={step}
      label={t('register.progress')}
      stepOf={t('register.stepOf', { current: step + 1, total: STEP_KEYS.length })}
      testId="register-step"
    />
  );
}
