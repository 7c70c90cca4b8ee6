import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame } from '@/components/form/field-frame';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** Shows a button that reveals the password. */
  isPassword?: boolean;
};

/** A labelled input with its hint and error linked through aria-describedby. */
export function TextField({ label, error, hint, isPassword = false, className, type, ref, ...input }: TextFieldProps) {
  const { t } = useTranslation();
  const [isRevealed, setRevealed] = useState(false);
  const inputType = isPassword ? (isRevealed ? 'text' : 'password') : type;

  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <>
          <input {...input} {...control} ref={ref} type={inputType} className="field__input" />
          {isPassword && (
            <button
              type="button"
              className="field__reveal"
              onClick={() => setRevealed((v) => !v)}
              aria-label={isRevealed ? t('common.hidePassword') : t('common.showPassword')}
              aria-pressed={isRevealed}
              aria-controls={control.id}
            >
              {isRevealed ? <EyeOff size={20} aria-hidden /> : <Eye size={20} aria-hidden />}
            </button>
          )}
        </>
      )}
    </FieldFrame>
  );
}
