import { useQueryClient } from '@tanstack/react-query';
import { useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AuthPage, AuthSwitch } from '@/components/auth-page';
import { StepIndicator } from '@/components/step-indicator';
import { requestResetCode, resetPassword } from '@/features/auth/api/password-reset-api';
import { errorCodeOf } from '@/lib/error-message';
import { OtpCodeStep } from '@/components/form/otp-code-step';
import { ResetPasswordStep, ResetPhoneStep } from '@/features/auth/components/reset-steps';
import { initialResetState, resetReducer } from '@/features/auth/hooks/reset-flow';
import { queryKeys } from '@/lib/query-keys';
import { signIn } from '@/lib/sign-in';
import '@/features/auth/components/auth.css';
import { useFocusOnChange } from '@/lib/use-focus-on-change';

const STEP_KEYS = ['phone', 'code', 'password'] as const;

/**
 * Forgot password (docs/design.md#password-reset): phone → the SMS code → a new password, then the member is signed
 * in with it. Errors show at the field they concern.
 */
const CODE_TEXTS = { title: 'forgotPassword.codeTitle', sent: 'forgotPassword.codeSent' };

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [state, dispatch] = useReducer(resetReducer, params.get('phone')?.trim() ?? '', initialResetState);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useFocusOnChange(headingRef, state.step);

  const onPhone = async (phone: string) => {
    const reply = await requestResetCode(phone);
    dispatch({ type: 'codeSent', phone, reply, now: Date.now() });
  };

  const onResend = async () => {
    const reply = await requestResetCode(state.phone);
    dispatch({ type: 'codeSent', phone: state.phone, reply, now: Date.now() });
    toast.success(t('forgotPassword.resent'));
  };

  const onPassword = async (password: string) => {
    if (!state.otpToken) return;
    try {
      await resetPassword({ phoneNumber: state.phone, otpToken: state.otpToken, password });
    } catch (error) {
      // Too late or already used: a new code is needed, from the phone step.
      if (errorCodeOf(error) === 'UNVERIFIED_OTP') {
        dispatch({ type: 'restart' });
        return;
      }
      throw error;
    }
    queryClient.removeQueries({ queryKey: queryKeys.member });
    try {
      await signIn({ username: state.phone, password, isRemembered: false });
    } catch {
      toast.success(t('forgotPassword.doneSignIn'));
      await navigate(`/login?${new URLSearchParams({ phone: state.phone }).toString()}`, { replace: true });
      return;
    }
    toast.success(t('forgotPassword.done'));
    await navigate('/user', { replace: true });
  };

  return (
    <AuthPage
      title={t('forgotPassword.title')}
      subtitle={state.step === 0 ? t('forgotPassword.subtitle') : undefined}
      headingRef={headingRef}
      footer={<AuthSwitch text={t('forgotPassword.rememberedIt')} to="/login" label={t('forgotPassword.backToLogin')} />}
    >
      <StepIndicator
        labels={STEP_KEYS.map((key) => t(`forgotPassword.steps.${key}`))}
        current={state.step}
        label={t('forgotPassword.progress')}
        stepOf={t('forgotPassword.stepOf', { current: state.step + 1, total: STEP_KEYS.length })}
        testId="forgot-step"
      />
      {state.step === 0 && <ResetPhoneStep defaultPhone={state.phone} isRestarted={state.isRestarted} onSubmit={onPhone} />}
      {state.step === 1 && (
        <OtpCodeStep
          texts={CODE_TEXTS}
          testIdPrefix="forgot-code"
          sent={{ phone: state.phone, ref: state.otpRef, at: state.sentAt, otpToken: state.otpToken }}
          onVerified={() => dispatch({ type: 'codeVerified' })}
          onResend={onResend}
          onBack={() => dispatch({ type: 'back' })}
        />
      )}
      {state.step === 2 && <ResetPasswordStep onSubmit={onPassword} />}
    </AuthPage>
  );
}

export default ForgotPasswordPage;
