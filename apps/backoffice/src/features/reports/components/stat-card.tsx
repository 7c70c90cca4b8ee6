export function StatCard({
  label,
  value,
  hint,
  tone,
  isNegative = false,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  tone?: 'ok' | 'bad';
  isNegative?: boolean;
  testId?: string;
}) {
  return (
    <div className={`stat-card${tone ? ` stat-card--${tone}` : ''}`} data-testid={testId}>
      <span className="stat-card__label">{label}</span>
      <span className={`stat-card__value${isNegative ? ' stat-card__value--negative' : ''}`}>
        {value}
      </span>
      {hint ? <span className="stat-card__hint">{hint}</span> : null}
    </div>
  );
}
