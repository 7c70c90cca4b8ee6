import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { signIn, type Credentials } from '@/features/auth/api/auth-api';
import { AuthPage, AuthSwitch } from '@/components/auth-page';
import { LoginForm } from '@/features/auth/components/login-form';
import { activeQuery } from '@/lib/lookup-queries';
import { setTerminatedStyling } from '@/lib/terminated-styling';
import { queryKeys } from '@/lib/query-keys';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: active } = useQuery(activeQuery);

  // Spec §2: /login first asks whether the service is active.
  useEffect(() => {
    if (!active) return;
    if (active.terminated === 'gone') void navigate('/terminated', { replace: true });
    else setTerminatedStyling(false);
  }, [active, navigate]);

  const onSubmit = async (credentials: Credentials) => {
    queryClient.removeQueries({ queryKey: queryKeys.member });
    await signIn(credentials);
    await navigate('/user');
  };

  return (
    <AuthPage
      title={t('login.title')}
      subtitle={t('login.subtitle')}
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
      <LoginForm onSubmit={onSubmit} />
    </AuthPage>
  );
}
