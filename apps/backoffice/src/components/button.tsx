import type { ButtonHTMLAttributes } from 'react';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  isBusy?: boolean;
};

export function Button({
  variant = 'primary',
  isBusy = false,
  className,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={`button button--${variant}${className ? ` ${className}` : ''}`}
      disabled={disabled || isBusy}
      aria-busy={isBusy || undefined}
    >
      {isBusy ? <span className="spinner" aria-hidden /> : null}
      {children}
    </button>
  );
}
