import { zodResolver } from '@hookform/resolvers/zod';
import { OTP_RESEND_MS } from '@mekong/contracts/constants';
import { otpVerifyBodySchema } from '@mekong/contracts/otp';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/text-field';
import { useFieldError } from '@/components/form/use-field-error';
import { useCountdown } from '@/lib/use-countdown';

const otpFormSchema = z.object({ otpCode: otpVerifyBodySchema.shape.otpCode });
type OtpForm = z.input<typeof otpFormSchema>;

type OtpStepProps = {
  phone: string;
  otpRef: string | null;
  sentAt: number | null;
  onVerify: (code: string) => Promise<void>;
  onResend: () => Promise<void>;
  onBack: () => void;
};

export function OtpStep({ phone, otpRef, sentAt, onVerify, onResend, onBack }: OtpStepProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const secondsLeft = useCountdown(sentAt === null ? null : sentAt + OTP_RESEND_MS, sentAt ?? 0);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<OtpForm>({ resolver: zodResolver(otpFormSchema), defaultValues: { otpCode: '' } });
  const otpField = register('otpCode');

  return (
    <form className="form" noValidate onSubmit={handleSubmit(async ({ otpCode }) => onVerify(otpCode))}>
      <h2 className="step-title">{t('register.otpTitle')}</h2>
      <p className="muted">{t('register.otpSent', { phone })}</p>
      {otpRef && (
        <p className="otp-ref" data-testid="otp-ref">
          {t('register.otpRef', { ref: otpRef })}
        </p>
      )}
      <TextField
        label={t('register.otpCode')}
        className="field--otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="••••••"
        data-testid="register-otp"
        error={fieldError(errors.otpCode)}
        {...otpField}
        onChange={(event) => {
          event.target.value = event.target.value.replace(/\D/g, '').slice(0, 6);
          void otpField.onChange(event);
        }}
      />
      <Button type="submit" isBlock isBusy={isSubmitting} data-testid="register-otp-submit">
        {t('register.verify')}
      </Button>
      <div className="form-row">
        <Button variant="ghost" onClick={onBack}>
          {t('register.changePhone')}
        </Button>
        <Button variant="secondary" disabled={secondsLeft > 0} onClick={() => void onResend()} data-testid="register-otp-resend">
          {secondsLeft > 0 ? t('register.resendIn', { seconds: secondsLeft }) : t('register.resend')}
        </Button>
      </div>
    </form>
  );
}
