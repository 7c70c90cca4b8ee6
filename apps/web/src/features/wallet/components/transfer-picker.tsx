import { WALLET } from '@mekong/contracts/wallet';
import { Check, WalletMinimal } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { GameLogo } from '@/features/wallet/components/game-logo';
import { NONE } from '@/features/wallet/hooks/transfer-form';
import { formatAmount } from '@/lib/format';

export type PickerOption = { value: string; name: string; amount: number; logo: string | null };

/**
 * One vertical account picker of the transfer modal: the header item (nothing chosen; drawn as the list's prompt,
 * not as a choice), then each account on one line with its balance; the chosen one outlined with a check badge.
 */
export function Picker({
  kind,
  label,
  options,
  value,
  currency,
  onChange,
}: {
  kind: 'from' | 'to';
  label: string;
  options: PickerOption[];
  value: string;
  currency: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const optionCount = options.length;
  // A preset choice (opened from a game card) may sit below the fold of its list: bring it into view once.
  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>('[aria-checked="true"]');
    if (list && item) list.scrollTop = item.offsetTop - (list.clientHeight - item.clientHeight) / 2;
  }, [optionCount]);
  const items = [{ value: NONE, name: t('transfer.choose'), amount: null, logo: null }, ...options];

  return (
    <div className="picker">
      <span className="picker__label" id={labelId}>
        {label}
      </span>
      <div className="picker__list" ref={listRef} role="radiogroup" aria-labelledby={labelId} data-testid={`transfer-${kind}-picker`}>
        {items.map((item) => {
          const isSelected = item.value === value;
          const isHeader = item.value === NONE;
          return (
            <button
              key={item.value || 'none'}
              type="button"
              role="radio"
              aria-checked={isSelected}
              className={`picker__item${isSelected ? ' picker__item--selected' : ''}${isHeader ? ' picker__item--header' : ''}`}
              onClick={() => onChange(item.value)}
              data-testid={`transfer-${kind}-${item.value || 'none'}`}
            >
              {!isHeader &&
                (item.value === WALLET ? (
                  <span className="picker__wallet-icon" aria-hidden>
                    <WalletMinimal size={18} />
                  </span>
                ) : (
                  <GameLogo code={item.value} name={item.name} src={item.logo} size={28} />
                ))}
              <span className="picker__text">
                <span className="picker__name">{item.name}</span>
                {item.amount !== null && <span className="picker__amount">{formatAmount(item.amount, currency)}</span>}
              </span>
              {isSelected && !isHeader && (
                <span className="picker__check" aria-hidden>
                  <Check size={12} strokeWidth={3} />
                </span>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}
