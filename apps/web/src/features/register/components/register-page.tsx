import { DELAY } from '@mekong/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AuthPage, AuthSwitch } from '@/components/auth-page';
import type { BankStepValues } from '@/features/register/components/bank-step';
import { PhoneStep } from '@/features/register/components/phone-step';
import { StepIndicator } from '@/features/register/components/step-indicator';
import { initialWizardState, wizardReducer } from '@/features/register/hooks/register-wizard';
import { registerOtpQuery } from '@/lib/lookup-queries';
import { queryKeys } from '@/lib/query-keys';
import { onFirstTouch } from '@/lib/on-first-touch';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import '@/features/register/components/register.css';
import { useFocusOnChange } from '@/lib/use-focus-on-change';

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

/**
 * The steps after the phone, the calls and signing in load on the member's first touch of the page (or when first
 * needed), with the contracts they check: not before the page can be used (docs/decisions/0017-first-load.md).
 */
const loadApi = () => import('@/features/register/api/register-api');
const loadOtpStep = () => import('@/components/form/otp-code-step');
const loadProfileStep = () => import('@/features/register/components/profile-step');
const loadBankStep = () => import('@/features/register/components/bank-step');
const loadSignIn = () => import('@/lib/sign-in');
const OtpCodeStep = lazy(() => loadOtpStep().then((m) => ({ default: m.OtpCodeStep })));
const ProfileStep = lazy(() => loadProfileStep().then((m) => ({ default: m.ProfileStep })));
const BankStep = lazy(() => loadBankStep().then((m) => ({ default: m.BankStep })));
/** Ahead of need: a chunk that fails here is loaded again, with its error shown, where it is used. */
const loadLater = () =>
  void Promise.all([loadApi(), loadOtpStep(), loadProfileStep(), loadBankStep(), loadSignIn()]).catch(
    () => undefined,
  );

const CODE_TEXTS = { title: 'register.otpTitle', sent: 'register.otpSent' };

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

  useFocusOnChange(headingRef, state.step);
  useEffect(() => onFirstTouch(loadLater), []);

  // Each step shows a refusal at the field it concerns (issue 9), so the handlers below let errors through.
  const onPhone = async (phone: string) => {
    // When the setting cannot be read, ask for a code: the server insists on a verified phone anyway.
    const { enabled } = await queryClient.fetchQuery(registerOtpQuery).catch(() => ({ enabled: true }));
    const { sendOtp } = await loadApi();
    // Back at the phone step with the phone this wizard verified: its token keeps the verification (issue 27 item 9).
    const heldToken = phone === state.phone ? (state.otpToken ?? undefined) : undefined;
    const reply = enabled ? await sendOtp(phone, heldToken) : null;
    dispatch({ type: 'phoneAccepted', phone, isOtpEnabled: enabled, reply, now: Date.now() });
  };

  const onResend = async () => {
    const { sendOtp } = await loadApi();
    const reply = await sendOtp(state.phone);
    dispatch({ type: 'otpResent', reply, now: Date.now() });
    if (reply.code === 'OK') toast.success(t('register.otpResent'));
  };

  /**
   * Creates the account, then signs in with the chosen password (the register call answers no session,
   * docs/design.md#registration) while the spec's success toast shows for its 2 seconds; then the member area.
   */
  const onBank = async (bank: BankStepValues) => {
    const [{ createAccount }, { signIn }] = await Promise.all([loadApi(), loadSignIn()]);
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
    removeStorage(STORAGE_KEYS.inviteCode);
    queryClient.removeQueries({ queryKey: queryKeys.member });
    toast.success(t('registerFlow.success'), { duration: DELAY.registerRedirectMs + 1000 });
    const [isSignedIn] = await Promise.all([
      signIn({ username: state.phone, password: state.password, isRemembered: false }).then(
        () => true,
        () => false,
      ),
      new Promise((resolve) => setTimeout(resolve, DELAY.registerRedirectMs)),
    ]);
    if (isSignedIn) {
      await navigate('/user/home', { replace: true });
      return;
    }
    toast(t('registerFlow.signInFailed'));
    await navigate(`/login?${new URLSearchParams({ phone: state.phone }).toString()}`, { replace: true });
  };

  return (
    <AuthPage
      title={t('register.title')}
      headingRef={headingRef}
      footer={<AuthSwitch text={t('register.haveAccount')} to="/login" label={t('register.loginLink')} />}
    >
      <StepIndicator step={state.step} />
      <Suspense fallback={null}>
      {state.step === 0 && <PhoneStep defaultPhone={state.phone} onSubmit={onPhone} />}
      {state.step === 1 && (
        <OtpCodeStep
          texts={CODE_TEXTS}
          testIdPrefix="register-otp"
          sent={{ phone: state.phone, ref: state.otpRef, at: state.otpSentAt, otpToken: state.otpToken }}
          onVerified={() => dispatch({ type: 'otpVerified' })}
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
        {state.step === 3 && <BankStep phone={state.phone} defaultName={state.name} inviteCode={inviteCode} isInviteLocked={isLocked} onSubmit={onBank} onBack={() => dispatch({ type: 'back' })} />}
      </Suspense>
    </AuthPage>
  );
}

export default RegisterPage;
