import '@/components/segmented-switch.css';

export type SwitchOption<T extends string> = {
  value: T;
  label: string;
  /** The language the label is written in, when it is not the page's. */
  lang?: string;
  title?: string;
};

/** A row of options of which one is on (the language, the date era); the pressed one is highlighted. */
export function SegmentedSwitch<T extends string>({
  options,
  active,
  label,
  tone,
  testIdPrefix,
  isDisabled = false,
  onSelect,
}: {
  options: SwitchOption<T>[];
  /** The option that is on; none while it is not known. */
  active: T | undefined;
  /** What the group chooses, for screen readers. */
  label: string;
  tone: 'light' | 'dark';
  testIdPrefix: string;
  isDisabled?: boolean;
  onSelect: (value: T) => void;
}) {
  return (
    <div className={`lang-switch lang-switch--${tone}`} role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          lang={option.lang}
          className="lang-switch__option"
          aria-pressed={active === option.value}
          title={option.title}
          disabled={isDisabled}
          data-testid={`${testIdPrefix}-${option.value}`}
          onClick={() => onSelect(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
