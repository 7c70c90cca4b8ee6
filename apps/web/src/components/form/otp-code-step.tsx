import { OTP_RESEND_MS } from '@mekong/contracts/constants';
import { otpVerifyBodySchema } from '@mekong/contracts/otp';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/button';
import { LimitNotice } from '@/components/form/limit-notice';
import { OtpCodeField } from '@/components/form/otp-code-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { errorCodeOf } from '@/lib/error-message';
import { verifyOtpCode } from '@/lib/otp-api';
import { useCountdown } from '@/lib/use-countdown';

const otpFormSchema = z.object({ otpCode: otpVerifyBodySchema.shape.otpCode });

/**
 * Translation keys of the texts the two flows word differently (the title, and where the code went: password reset
 * does not say whether the phone is a member's); the rest are the registration's.
 */
export type OtpStepTexts = { title: string; sent: string };

type OtpCodeStepProps = {
  /** The code sent: to which phone, its reference (shown so the member can match the SMS), and when (ms). */
  sent: { phone: string; ref: string | null; at: number | null; otpToken: string | null };
  /** The code was right: the flow moves on. */
  onVerified: () => void;
  onResend: () => Promise<void>;
  onBack: () => void;
  texts: OtpStepTexts;
  /** Test ids: `<prefix>` for the code, `-submit`, `-resend` and `-ref` after it. */
  testIdPrefix: string;
};

/**
 * The step that takes the code sent by SMS (registration, password reset). A wrong, expired or blocked code, and a
 * refused resend, show at the code field; resending waits out the spec's resend time.
 */
export function OtpCodeStep({ sent, onVerified, onResend, onBack, texts, testIdPrefix }: OtpCodeStepProps) {
  const { phone, ref: otpRef, at: sentAt } = sent;
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<unknown>(null);
  const secondsLeft = useCountdown(sentAt === null ? null : sentAt + OTP_RESEND_MS, sentAt ?? 0);
  const { field, handleSubmit, setError, clearErrors, resetField, formState } = useSchemaForm(otpFormSchema, { otpCode: '' });
  const submit = handleSubmit(async ({ otpCode }) => {
    if (!sent.otpToken) return;
    setRefusal(null);
    try {
      await verifyOtpCode(sent.otpToken, otpCode);
      onVerified();
    } catch (error) {
      setRefusal(error);
      setError('otpCode', { message: errorCodeOf(error) }, { shouldFocus: true });
    }
  });
  const resend = async () => {
    clearErrors();
    setRefusal(null);
    try {
      await onResend();
      resetField('otpCode');
    } catch (error) {
      setRefusal(error);
      setError('otpCode', { message: errorCodeOf(error) });
    }
  };

  return (
    <form className="form" noValidate onSubmit={submit}>
      <h2 className="step-title">{t(texts.title)}</h2>
      <p className="muted">{t(texts.sent, { phone })}</p>
      {otpRef && (
        <p className="otp-ref" data-testid={`${testIdPrefix}-ref`}>
          {t('register.otpRef', { ref: otpRef })}
        </p>
      )}
      <OtpCodeField label={t('register.otpCode')} data-testid={testIdPrefix} {...field('otpCode')} />
      <LimitNotice error={refusal} isTimeShown />
      <Button type="submit" isBlock isBusy={formState.isSubmitting} data-testid={`${testIdPrefix}-submit`}>
        {t('register.verify')}
      </Button>
      <div className="otp-actions">
        <Button variant="secondary" isBlock disabled={secondsLeft > 0} onClick={() => void resend()} data-testid={`${testIdPrefix}-resend`}>
          {secondsLeft > 0 ? t('register.resendIn', { seconds: secondsLeft }) : t('register.resend')}
        </Button>
        <Button variant="ghost" isBlock onClick={onBack}>
          {t('register.changePhone')}
        </Button>
      </div>
    </form>
  );
}
