import { OTP_RESEND_MS } from '@mekong/contracts/constants';
import { otpVerifyBodySchema } from '@mekong/contracts/otp';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useCountdown } from '@/lib/use-countdown';

const otpFormSchema = z.object({ otpCode: otpVerifyBodySchema.shape.otpCode });

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
  const secondsLeft = useCountdown(sentAt === null ? null : sentAt + OTP_RESEND_MS, sentAt ?? 0);
  const { field, handleSubmit, formState } = useSchemaForm(otpFormSchema, { otpCode: '' });
  const otpField = field('otpCode');

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
        {...otpField}
        onChange={(event) => {
          event.target.value = event.target.value.replace(/\D/g, '').slice(0, 6);
          void otpField.onChange(event);
        }}
      />
      <Button type="submit" isBlock isBusy={formState.isSubmitting} data-testid="register-otp-submit">
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
