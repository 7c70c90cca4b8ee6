import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

type TabListProps<K extends string> = {
  tabs: readonly K[];
  selected: K;
  onSelect: (tab: K) => void;
  /** The tab's visible name. */
  textOf: (tab: K) => string;
  label?: string;
  /** Each button gets `data-testid="<prefix><tab>"` when given. */
  testIdPrefix?: string;
  /** A class added to `tabs`, for a screen's own layout. */
  className?: string;
  /** Shown after the tab's name: how many items wait in it (a CountBadge). */
  badgeOf?: (tab: K) => ReactNode;
};

/** A row of tabs (role tablist); the page keeps which one is open (state or the address). */
export function TabList<K extends string>(props: TabListProps<K>) {
  return (
    <div
      className={props.className ? `tabs ${props.className}` : 'tabs'}
      role="tablist"
      aria-label={props.label}
    >
      {props.tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={props.selected === tab}
          data-testid={props.testIdPrefix ? `${props.testIdPrefix}${tab}` : undefined}
          onClick={() => props.onSelect(tab)}
        >
          {props.textOf(tab)}
          {props.badgeOf?.(tab)}
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
