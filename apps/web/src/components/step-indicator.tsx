import { Check } from 'lucide-react';
import type { CSSProperties } from 'react';
import '@/components/step-indicator.css';

type StepIndicatorProps = {
  /** The steps' short names, in order. */
  labels: readonly string[];
  /** Index of the current step. */
  current: number;
  /** The list's accessible name ("Registration steps"). */
  label: string;
  /** Announced on each change ("Step 2 of 4"). */
  stepOf: string;
  testId?: string;
};

/** A wizard's numbered steps: done ones ticked, the current one marked (aria-current) and announced. */
export function StepIndicator({ labels, current, label, stepOf, testId }: StepIndicatorProps) {
  return (
    <div className="steps" style={{ '--steps-count': labels.length } as CSSProperties}>
      <ol className="steps__list" aria-label={label}>
        {labels.map((text, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          return (
            <li key={text} className={`steps__item steps__item--${state}`} aria-current={index === current ? 'step' : undefined}>
              <span className="steps__dot" aria-hidden>
                {state === 'done' ? <Check size={16} strokeWidth={3} /> : index + 1}
              </span>
              <span className="steps__label">{text}</span>
            </li>
          );
        })}
      </ol>
      <p className="sr-only" aria-live="polite" data-testid={testId}>
        {stepOf}
      </p>
    </div>
  );
}
