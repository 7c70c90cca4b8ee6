import { ArrowDownToLine, Play, Power } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import '@/features/wallet/components/first-steps.css';

/** Home for a member with no money and no game (lib/wallet-figures isNewPlayer): the three steps, deposit first. */
export function FirstSteps({ onDeposit }: { onDeposit: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const steps = [
    { key: 'deposit', title: t('homeFlow.stepDeposit'), hint: t('homeFlow.stepDepositHint'), Icon: ArrowDownToLine },
    { key: 'activate', title: t('homeFlow.stepActivate'), hint: t('homeFlow.stepActivateHint'), Icon: Power },
    { key: 'play', title: t('homeFlow.stepPlay'), hint: t('homeFlow.stepPlayHint'), Icon: Play },
  ] as const;

  return (
    <section className="first-steps card" aria-labelledby={titleId} data-testid="first-steps">
      <p className="first-steps__eyebrow">{t('homeFlow.firstStepsLabel')}</p>
      <h2 className="first-steps__title" id={titleId}>
        {t('homeFlow.firstStepsTitle')}
      </h2>
      <ol className="first-steps__list">
        {steps.map(({ key, title, hint, Icon }, index) => (
          <li key={key} className={`first-step${index === 0 ? ' first-step--current' : ''}`} data-testid={`first-step-${key}`}>
            <span className="first-step__number" aria-hidden>
              {index + 1}
            </span>
            <span className="first-step__text">
              <span className="first-step__title">
                <Icon size={16} aria-hidden /> {title}
              </span>
              <span className="first-step__hint">{hint}</span>
            </span>
          </li>
        ))}
      </ol>
      <Button variant="gold" isBlock onClick={onDeposit} data-testid="first-steps-deposit">
        <ArrowDownToLine size={18} aria-hidden /> {t('homeFlow.depositNow')}
      </Button>
    </section>
  );
}
