import type { ButtonHTMLAttributes, Ref } from 'react';
import '@/components/button.css';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'ghost' | 'gold';
  isBlock?: boolean;
  isBusy?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

export function Button({ variant = 'primary', isBlock = false, isBusy = false, className, type = 'button', disabled, children, ...rest }: ButtonProps) {
  const classes = ['btn', `btn--${variant}`, isBlock ? 'btn--block' : '', isBusy ? 'btn--busy' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={disabled || isBusy} aria-busy={isBusy || undefined}>
      {isBusy && <span className="btn__spinner" aria-hidden />}
      <span className="btn__label">{children}</span>
    </button>
  );
}

type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'title'> & {
  /** What the button does: its accessible name and its tooltip. */
  label: string;
  tone?: 'plain' | 'soft' | 'on-brand';
};

/** A 44×44 button that shows only an icon (its children); the label names it. */
export function IconButton({ label, tone = 'plain', className, type = 'button', children, ...rest }: IconButtonProps) {
  const classes = ['icon-btn', tone === 'plain' ? '' : `icon-btn--${tone}`, className ?? ''].filter(Boolean).join(' ');
  return (
    <button {...rest} type={type} className={classes} aria-label={label} title={label}>
      {children}
    </button>
  );
}
