import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { CodeField, PasswordField } from '@/components/credential-fields';
import { ErrorText } from '@/components/error-text';
import { Field } from '@/components/field';
import { LanguageSwitcher } from '@/components/language-switcher';
import { getToken, setToken } from '@/lib/session';
import { OPERATOR_QUERY_KEY } from '@/lib/use-operator';
import { confirmEnrolment, signIn, startEnrolment, verifyCode } from '@/features/auth/api/auth-api';
import { OwnPasswordForm } from '@/features/auth/components/own-password-form';
import { RecoveryCodes } from '@/features/auth/components/recovery-codes';

type Step =
  | { kind: 'password' }
  | { kind: 'ownPassword'; challengeToken: string }
  | { kind: 'totp'; challengeToken: string }
  | { kind: 'enrol'; challengeToken: string; secret: string; qrSvg: string }
  | { kind: 'recovery'; codes: string[] };

/**
 * Two-step operator sign-in: password (and the operator's own one when theirs was given by someone else), then the
 * authenticator code (or the enrolment of one).
 */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [error, setError] = useState<unknown>(null);
  const passwordForm = useForm<{ username: string; password: string }>({
    defaultValues: { username: '', password: '' },
  });
  const codeForm = useForm<{ code: string }>({ defaultValues: { code: '' } });

  const enter = (token: string) => {
    setToken(token);
    void queryClient.invalidateQueries({ queryKey: OPERATOR_QUERY_KEY });
    void navigate('/', { replace: true });
  };

  /** The second factor: the code, or the enrolment of an authenticator. */
  const toSecondFactor = async (challengeToken: string, next: 'totp' | 'enrol') => {
    codeForm.reset({ code: '' });
    if (next === 'totp') setStep({ kind: 'totp', challengeToken });
    else setStep({ kind: 'enrol', challengeToken, ...(await startEnrolment(challengeToken)) });
  };

  const onPassword = passwordForm.handleSubmit(async ({ username, password }) => {
    setError(null);
    try {
      const answer = await signIn(username, password);
      if (answer.next === 'password')
        setStep({ kind: 'ownPassword', challengeToken: answer.challengeToken });
      else await toSecondFactor(answer.challengeToken, answer.next);
    } catch (failure) {
      setError(failure);
    }
  });

  const onCode = codeForm.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      if (step.kind === 'totp') enter((await verifyCode(step.challengeToken, code.trim())).token);
      else if (step.kind === 'enrol') {
        const answer = await confirmEnrolment(step.challengeToken, code.trim());
        setToken(answer.token);
        setStep({ kind: 'recovery', codes: answer.recoveryCodes });
      }
    } catch (failure) {
      setError(failure);
      codeForm.reset({ code: '' });
    }
  });

  const restart = () => {
    setError(null);
    setStep({ kind: 'password' });
  };

  return (
    <main className="sign-in">
      <div className="sign-in__lang">
        <LanguageSwitcher />
      </div>
      <section className="sign-in__card" aria-labelledby="sign-in-title">
        <div className="sign-in__brand">
          <ShieldCheck size={28} aria-hidden />
          <span>Mekong Wallet · {t('appName')}</span>
        </div>
        {step.kind === 'password' ? (
          <form className="form" onSubmit={(event) => void onPassword(event)}>
            <h1 id="sign-in-title">{t('auth.title')}</h1>
            <Field label={t('auth.username')}>
              <input
                autoComplete="username"
                autoFocus
                {...passwordForm.register('username', { required: true })}
              />
            </Field>
            <PasswordField input={passwordForm.register('password', { required: true })} />
            <ErrorText error={error} />
            <Button type="submit" isBusy={passwordForm.formState.isSubmitting}>
              {t('auth.signIn')}
            </Button>
          </form>
        ) : step.kind === 'ownPassword' ? (
          <OwnPasswordForm
            challengeToken={step.challengeToken}
            onDone={(next) => toSecondFactor(step.challengeToken, next)}
            onRestart={restart}
          />
        ) : step.kind === 'recovery' ? (
          <RecoveryCodes codes={step.codes} onDone={() => enter(getToken() ?? '')} />
        ) : (
          <form className="form" onSubmit={(event) => void onCode(event)}>
            <h1 id="sign-in-title">
              {step.kind === 'enrol' ? t('auth.enrolTitle') : t('auth.title')}
            </h1>
            {step.kind === 'enrol' ? (
              <>
                <p className="muted">{t('auth.enrolBody')}</p>
                <div
                  className="qr"
                  role="img"
                  aria-label="QR"
                  dangerouslySetInnerHTML={{ __html: step.qrSvg }}
                />
                <p className="muted">{t('auth.secretLabel')}</p>
                <code className="secret" data-testid="totp-secret">
                  {step.secret}
                </code>
              </>
            ) : null}
            <CodeField
              input={codeForm.register('code', { required: true })}
              hint={t('auth.codeHint')}
            />
            <ErrorText error={error} />
            <Button type="submit" isBusy={codeForm.formState.isSubmitting}>
              {t('auth.verify')}
            </Button>
            <Button variant="ghost" onClick={restart}>
              {t('auth.back')}
            </Button>
          </form>
        )}
      </section>
    </main>
  );
}
