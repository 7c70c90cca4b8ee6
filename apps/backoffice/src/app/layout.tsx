import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { visibleNav } from '@/app/nav';
import { NavLinks } from '@/app/nav-links';
import { Button } from '@/components/button';
import { LanguageSwitcher } from '@/components/language-switcher';
import { QueryState } from '@/components/query-state';
import { signOut } from '@/features/auth/api/auth-api';
import { NoticeBell } from '@/features/notices/components/notice-bell';
import { ChangePasswordDialog } from '@/features/operators/components/change-password-dialog';
import { clearToken, getToken } from '@/lib/session';
import { useOperator } from '@/lib/use-operator';

/** The signed-in shell: side menu of what the operator's role may see, header with who is signed in. */
export function Layout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useOperator();
  const [isPasswordOpen, setIsPasswordOpen] = useState(false);
  if (!getToken()) return <Navigate to="/sign-in" replace />;

  const onSignOut = async () => {
    await signOut().catch(() => undefined);
    clearToken();
    queryClient.clear();
    void navigate('/sign-in', { replace: true });
  };

  return (
    <QueryState query={me}>
      {({ operator }) => (
        <div className="shell">
          <aside className="shell__side">
            <div className="shell__brand">
              <ShieldCheck size={22} aria-hidden />
              <span>{t('appName')}</span>
            </div>
            <nav aria-label={t('appName')}>
              <NavLinks entries={visibleNav(operator.permissions)} variant="side-nav" />
            </nav>
          </aside>
          <div className="shell__main">
            <header className="topbar">
              <span className="topbar__who" data-testid="operator-name">
                {operator.displayName} · <span className="badge">{t(`role.${operator.role}`)}</span>
              </span>
              <NoticeBell />
              <LanguageSwitcher />
              <Button variant="ghost" onClick={() => setIsPasswordOpen(true)}>
                <KeyRound size={16} aria-hidden /> {t('operators:changePassword')}
              </Button>
              <Button variant="ghost" onClick={() => void onSignOut()}>
                <LogOut size={16} aria-hidden /> {t('signOut')}
              </Button>
            </header>
            <main className="content">
              <Outlet />
            </main>
            <ChangePasswordDialog
              isOpen={isPasswordOpen}
              onClose={() => setIsPasswordOpen(false)}
            />
          </div>
        </div>
      )}
    </QueryState>
  );
}
