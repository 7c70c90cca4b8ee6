/**
 * Two small SVG charts (no chart library): bars per day for a few series, and horizontal bars that may be negative.
 * Values are minor units; the scale is only for drawing, the exact figures stay in the tables beside.
 */

export type Series = { label: string; color: string; values: readonly bigint[] };

const toNumber = (value: bigint) => Number(value) / 100;

/** A round upper bound for an axis (1, 2, 5 × 10^n). */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export function DailyBars({
  title,
  labels,
  series,
}: {
  title: string;
  labels: readonly string[];
  series: readonly Series[];
}) {
  const width = 720;
  const height = 220;
  const pad = { left: 48, right: 8, top: 8, bottom: 28 };
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values.map(toNumber))));
  const groupW = innerW / Math.max(1, labels.length);
  const barW = Math.max(2, Math.min(24, (groupW * 0.8) / Math.max(1, series.length)));
  const y = (v: number) => pad.top + innerH - (v / max) * innerH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  const labelEvery = Math.ceil(labels.length / 12);
  return (
    <figure className="chart">
      <figcaption className="chart__title">{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={pad.left}
              x2={width - pad.right}
              y1={y(tick)}
              y2={y(tick)}
              className="chart__grid"
            />
            <text x={pad.left - 6} y={y(tick) + 4} className="chart__axis" textAnchor="end">
              {compact.format(tick)}
            </text>
          </g>
        ))}
        {labels.map((label, i) => {
          const x0 = pad.left + i * groupW + (groupW - barW * series.length) / 2;
          return (
            <g key={label}>
              {series.map((s, j) => {
                const value = toNumber(s.values[i] ?? 0n);
                return (
                  <rect
                    key={s.label}
                    x={x0 + j * barW}
                    y={y(value)}
                    width={barW - 1}
                    height={Math.max(0, pad.top + innerH - y(value))}
                    fill={s.color}
                  >
                    <title>{`${label} · ${s.label}: ${value.toLocaleString('en-US')}`}</title>
                  </rect>
                );
              })}
              {i % labelEvery === 0 ? (
                <text
                  x={pad.left + i * groupW + groupW / 2}
                  y={height - 8}
                  className="chart__axis"
                  textAnchor="middle"
                >
                  {label.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <Legend series={series} />
    </figure>
  );
}

function Legend({ series }: { series: readonly Pick<Series, 'label' | 'color'>[] }) {
  return (
    <ul className="chart__legend">
      {series.map((s) => (
        <li key={s.label}>
          <span className="chart__swatch" style={{ background: s.color }} aria-hidden />
          {s.label}
        </li>
      ))}
    </ul>
  );
}

export type BarRow = { label: string; value: bigint; text: string };

/** One bar per row; negative values grow to the left of the zero line. */
export function HorizontalBars({
  title,
  rows,
  emptyText,
}: {
  title: string;
  rows: readonly BarRow[];
  emptyText: string;
}) {
  const max = Math.max(1, ...rows.map((r) => Math.abs(toNumber(r.value))));
  const hasNegative = rows.some((r) => r.value < 0n);
  return (
    <figure className="chart">
      <figcaption className="chart__title">{title}</figcaption>
      {rows.length === 0 ? (
        <p className="muted">{emptyText}</p>
      ) : (
        <ul className="hbars" role="list">
          {rows.map((row) => {
            const share = (Math.abs(toNumber(row.value)) / max) * (hasNegative ? 50 : 100);
            const isNegative = row.value < 0n;
            return (
              <li key={row.label} className="hbars__row">
                <span className="hbars__label">{row.label}</span>
                <span className="hbars__track" aria-hidden>
                  {hasNegative ? <span className="hbars__zero" /> : null}
                  <span
                    className={`hbars__bar${isNegative ? ' hbars__bar--negative' : ''}`}
                    style={{
                      width: `${share}%`,
                      left: hasNegative ? (isNegative ? `${50 - share}%` : '50%') : '0',
                    }}
                  />
                </span>
                <span className="hbars__value num">{row.text}</span>
              </li>
            );
          })}
        </ul>
      )}
    </figure>
  );
}
