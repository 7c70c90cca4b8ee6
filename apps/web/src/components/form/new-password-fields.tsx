import { TextField, type TextFieldProps } from '@/components/form/text-field';

type PasswordInput = Omit<TextFieldProps, 'label' | 'isPassword' | 'autoComplete' | 'hint'>;

type NewPasswordFieldsProps = {
  password: PasswordInput;
  confirm: PasswordInput;
  labels: { password: string; confirm: string; hint: string };
  testIds: { password: string; confirm: string };
};

/** A new password and its confirmation (registration, password reset). */
export function NewPasswordFields({ password, confirm, labels, testIds }: NewPasswordFieldsProps) {
  return (
    <>
      {/* The rule's own error says the same as the hint: one line, not two. */}
      <TextField label={labels.password} isPassword autoComplete="new-password" hint={password.error ? undefined : labels.hint} data-testid={testIds.password} {...password} />
      <TextField label={labels.confirm} isPassword autoComplete="new-password" data-testid={testIds.confirm} {...confirm} />
    </>
  );
}
