import type { ReactNode } from 'react';
import '@/components/stat-figures.css';

export type StatFigure = { label: string; value: ReactNode; testId?: string; tone?: 'plain' | 'good' | 'bad' };

/** A row of labelled figures (the invite and refund summaries). */
export function StatFigures({ items }: { items: StatFigure[] }) {
  return (
    <dl className="stat-figures">
      {items.map((item) => (
        <div key={item.label} className={`stat-figure stat-figure--${item.tone ?? 'plain'}`}>
          <dt className="stat-figure__label">{item.label}</dt>
          <dd className="stat-figure__value" data-testid={item.testId}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
