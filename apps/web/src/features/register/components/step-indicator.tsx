import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WizardStep } from '@/features/register/hooks/register-wizard';

const STEP_KEYS = ['phone', 'otp', 'profile', 'bank'] as const;

export function StepIndicator({ step }: { step: WizardStep }) {
  const { t } = useTranslation();
  return (
    <div className="steps">
      <ol className="steps__list" aria-label={t('register.progress')}>
        {STEP_KEYS.map((key, index) => {
          const state = index < step ? 'done' : index === step ? 'current' : 'todo';
          return (
            <li key={key} className={`steps__item steps__item--${state}`} aria-current={index === step ? 'step' : undefined}>
              <span className="steps__dot" aria-hidden>
                {state === 'done' ? <Check size={16} strokeWidth={3} /> : index + 1}
              </span>
              <span className="steps__label">{t(`register.steps.${key}`)}</span>
            </li>
          );
        })}
      </ol>
      <p className="sr-only" aria-live="polite" data-testid="register-step">
        {t('register.stepOf', { current: step + 1, total: STEP_KEYS.length })}
      </p>
    </div>
  );
}
