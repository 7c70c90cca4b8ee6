import { ChevronDown } from 'lucide-react';
import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame } from '@/components/form/field-frame';

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
};

export function SelectField({ label, error, hint, children, ref, className, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <>
          <select {...select} {...control} ref={ref} className="field__input field__select">
            {children}
          </select>
          <ChevronDown className="field__chevron" size={18} aria-hidden />
        </>
      )}
    </FieldFrame>
  );
}
