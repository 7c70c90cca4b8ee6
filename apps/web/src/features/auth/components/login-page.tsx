import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthPage, AuthSwitch } from '@/components/auth-page';
import { LoginForm } from '@/features/auth/components/login-form';
import { activeQuery } from '@/lib/lookup-queries';
import { onFirstTouch } from '@/lib/on-first-touch';
import { forgetSessionEndedNote, isSessionEndedNoted } from '@/lib/session';
import type { Credentials } from '@/lib/sign-in';
import { setTerminatedStyling } from '@/lib/terminated-styling';
import { queryKeys } from '@/lib/query-keys';
import '@/features/auth/components/auth.css';

/**
 * Signing in (and the contracts it reads) loads on the member's first touch of the page, as the form's validation
 * does, so a sign-in does not wait for it (docs/decisions/0017-first-load.md).
 */
const loadSignIn = () => import('@/lib/sign-in');

/** Said once when the server ended the member's session, instead of silently showing the form (issue 9). */
function useSessionEndedNotice(): boolean {
  const [isShown] = useState(isSessionEndedNoted);
  useEffect(() => {
    if (isShown) forgetSessionEndedNote();
  }, [isShown]);
  return isShown;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { data: active } = useQuery(activeQuery);
  const isSessionEnded = useSessionEndedNotice();
  useEffect(() => onFirstTouch(() => void loadSignIn().catch(() => undefined)), []);

  // Spec §2: /login first asks whether the service is active.
  useEffect(() => {
    if (!active) return;
    if (active.terminated === 'gone') void navigate('/terminated', { replace: true });
    else setTerminatedStyling(false);
  }, [active, navigate]);

  const onSubmit = async (credentials: Credentials) => {
    queryClient.removeQueries({ queryKey: queryKeys.member });
    const { signIn } = await loadSignIn();
    await signIn(credentials);
    await navigate('/user');
  };

  return (
    <AuthPage
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      notice={
        isSessionEnded && (
          <div className="auth-notice" role="status" data-testid="session-ended">
            <ShieldAlert className="auth-notice__icon" size={22} aria-hidden />
            <div>
              <p className="auth-notice__title">{t('session.endedTitle')}</p>
              <p className="auth-notice__text">{t('session.ended')}</p>
            </div>
          </div>
        )
      }
      footer={
        <>
          <AuthSwitch text={t('login.noAccount')} to="/register" label={t('login.registerLink')} />
          <p className="auth-switch">
            <Link to="/howto" className="link-muted">
              {t('login.howtoLink')}
            </Link>
          </p>
        </>
      }
    >
      <LoginForm onSubmit={onSubmit} defaultPhone={params.get('phone')?.trim() ?? ''} />
    </AuthPage>
  );
}
