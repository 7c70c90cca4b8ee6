import { TextField, type TextFieldProps } from '@/components/form/text-field';

/** The 6-digit one-time-code input (registration and password reset): digits only, large and spaced. */
export function OtpCodeField({ onChange, className, ...props }: TextFieldProps) {
  return (
    <TextField
      className={`field--otp${className ? ` ${className}` : ''}`}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="••••••"
      {...props}
      onChange={(event) => {
        event.target.value = event.target.value.replace(/\D/g, '').slice(0, 6);
        onChange?.(event);
      }}
    />
  );
}
