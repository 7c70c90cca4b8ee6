import { useSearchParams } from 'react-router';

/** A row of tabs; the page shows the current one's panel below it. */
export function Tabs<K extends string>({
  tabs,
  current,
  labelOf,
  onChange,
  label,
  testIdOf,
}: {
  tabs: readonly K[];
  current: K;
  labelOf: (tab: K) => string;
  onChange: (tab: K) => void;
  /** What the tabs are, for screen readers. */
  label?: string;
  testIdOf?: (tab: K) => string;
}) {
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={tab === current}
          data-testid={testIdOf?.(tab)}
          onClick={() => onChange(tab)}
        >
          {labelOf(tab)}
        </button>
      ))}
    </div>
  );
}

/** The tab named by `?tab=` in the address (the first one when absent or unknown), and its change. */
export function useTabParam<K extends string>(tabs: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const current = tabs.find((tab) => tab === asked) ?? tabs[0]!;
  return [current, (tab: K) => setParams({ tab })] as const;
}
