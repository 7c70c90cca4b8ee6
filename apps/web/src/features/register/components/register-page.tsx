import { DELAY } from '@mekong/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AuthPage, AuthSwitch } from '@/components/auth-page';
import { createAccount, sendOtp, verifyOtp } from '@/features/register/api/register-api';
import { BankStep, type BankStepValues } from '@/features/register/components/bank-step';
import { OtpStep } from '@/features/register/components/otp-step';
import { PhoneStep } from '@/features/register/components/phone-step';
import { ProfileStep } from '@/features/register/components/profile-step';
import { StepIndicator } from '@/features/register/components/step-indicator';
import { initialWizardState, wizardReducer } from '@/features/register/hooks/register-wizard';
import { errorText } from '@/lib/error-message';
import { registerOtpQuery } from '@/lib/lookup-queries';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import '@/features/register/components/register.css';

/** An inviter code from ?code is kept locally (docs/spec.md §5) and then fixed in the form. */
function useInviteCode(): { inviteCode: string; isLocked: boolean } {
  const [params] = useSearchParams();
  const fromQuery = params.get('code')?.trim() ?? '';
  const [stored] = useState(() => readStorage(STORAGE_KEYS.inviteCode) ?? '');
  useEffect(() => {
    if (fromQuery) writeStorage(STORAGE_KEYS.inviteCode, fromQuery);
  }, [fromQuery]);
  const inviteCode = fromQuery || stored;
  return { inviteCode, isLocked: inviteCode !== '' };
}

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const { inviteCode, isLocked } = useInviteCode();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void queryClient.prefetchQuery(registerOtpQuery);
  }, [queryClient]);

  // Move focus to the wizard's heading on each step so screen readers announce the change.
  const isFirstRender = useRef(true);
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [state.step]);

  const showError = (error: unknown) => toast.error(errorText(t, error), { duration: DELAY.registerToastMs });

  const onPhone = async (phone: string) => {
    try {
      // When the setting cannot be read, ask for a code: the server insists on a verified phone anyway.
      const { enabled } = await queryClient.fetchQuery(registerOtpQuery).catch(() => ({ enabled: true }));
      const reply = enabled ? await sendOtp(phone) : null;
      dispatch({ type: 'phoneAccepted', phone, isOtpEnabled: enabled, reply, now: Date.now() });
    } catch (error) {
      showError(error);
    }
  };

  const onVerify = async (code: string) => {
    if (!state.otpToken) return;
    try {
      await verifyOtp(state.otpToken, code);
      dispatch({ type: 'otpVerified' });
    } catch (error) {
      showError(error);
    }
  };

  const onResend = async () => {
    try {
      const reply = await sendOtp(state.phone);
      dispatch({ type: 'otpResent', reply, now: Date.now() });
      if (reply.code === 'OK') toast.success(t('register.otpResent'));
    } catch (error) {
      showError(error);
    }
  };

  const onBank = async (bank: BankStepValues) => {
    try {
      await createAccount({
        name: state.name,
        username: state.phone,
        password: state.password,
        sourceCode: bank.sourceCode || undefined,
        inviteCode: bank.inviteCode || undefined,
        bankCode: bank.bankCode,
        bankAccountName: bank.bankAccountName,
        bankAccountNo: bank.bankAccountNo,
        currency: bank.currency as 'BAHT',
        otpToken: state.otpToken ?? undefined,
      });
    } catch (error) {
      showError(error);
      return;
    }
    removeStorage(STORAGE_KEYS.inviteCode);
    toast.success(t('register.success'), { duration: DELAY.registerRedirectMs + 1000 });
    await new Promise((resolve) => setTimeout(resolve, DELAY.registerRedirectMs));
    await navigate('/login');
  };

  return (
    <AuthPage
      title={t('register.title')}
      headingRef={headingRef}
      footer={<AuthSwitch text={t('register.haveAccount')} to="/login" label={t('register.loginLink')} />}
    >
      <StepIndicator step={state.step} />
      {state.step === 0 && <PhoneStep defaultPhone={state.phone} onSubmit={onPhone} />}
      {state.step === 1 && (
        <OtpStep
          phone={state.phone}
          otpRef={state.otpRef}
          sentAt={state.otpSentAt}
          onVerify={onVerify}
          onResend={onResend}
          onBack={() => dispatch({ type: 'back' })}
        />
      )}
      {state.step === 2 && (
        <ProfileStep
          phone={state.phone}
          defaults={{ name: state.name, password: state.password }}
          onSubmit={(values) => dispatch({ type: 'profileSaved', ...values })}
          onBack={() => dispatch({ type: 'back' })}
        />
      )}
      {state.step === 3 && <BankStep inviteCode={inviteCode} isInviteLocked={isLocked} onSubmit={onBank} onBack={() => dispatch({ type: 'back' })} />}
    </AuthPage>
  );
}

export default RegisterPage;
