import { useQuery } from '@tanstack/react-query';
import { FileText, House, LogOut, MessageCircle, Plus, ReceiptText, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { BottomNavLinks } from '@/app/shell/bottom-nav-links';
import { ChatUnreadCount } from '@/features/chat/components/chat-unread-badge';
import { BrandLogo } from '@/components/brand-logo';
import { LogoutConfirm } from '@/features/auth/components/logout-confirm';
import { ConditionsModal } from '@/features/conditions/components/conditions-modal';
import { profileQuery } from '@/lib/member-queries';
import { WalletModalsProvider } from '@/features/wallet/components/wallet-modals-provider';
import '@/app/shell/shell.css';
import { lazyModal } from '@/components/lazy-modal';
import { IconButton } from '@/components/button';

const ActionDrawer = lazyModal(async () => (await import('@/app/shell/action-drawer')).ActionDrawer);

/** Signed-in chrome (docs/spec.md §2): header with logo, name, profile and logout; bottom menu with the raised plus. */
export function MemberLayout() {
  const { t } = useTranslation();
  const { data } = useQuery(profileQuery);
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const [isConditionsOpen, setConditionsOpen] = useState(false);
  const [isLogoutOpen, setLogoutOpen] = useState(false);

  return (
    <WalletModalsProvider>
      <div className="shell shell--member">
        <header className="member-header">
          <Link to="/user/home" className="member-header__brand" aria-label={t('header.home')}>
            <BrandLogo isCompact />
          </Link>
          <div className="member-header__end">
            {data?.profile.name && (
              <span className="member-header__name" data-testid="header-name">
                {data.profile.name}
              </span>
            )}
            <Link to="/user/profile" className="icon-btn icon-btn--on-brand" aria-label={t('header.profile')} title={t('header.profile')}>
              <UserRound size={22} aria-hidden />
            </Link>
            <IconButton tone="on-brand" label={t('header.logout')} aria-haspopup="dialog" data-testid="header-logout" onClick={() => setLogoutOpen(true)}>
              <LogOut size={22} aria-hidden />
            </IconButton>
          </div>
        </header>

        <main id="main" className="shell__main">
          <Outlet />
        </main>

        <nav className="bottom-nav bottom-nav--member" aria-label={t('nav.main')}>
          <div className="bottom-nav__side">
            <BottomNavLinks
              items={[
                { to: '/user/home', Icon: House, label: t('nav.home') },
                { to: '/user/statement', Icon: ReceiptText, label: t('nav.statement') },
              ]}
            />
          </div>
          <div className="bottom-nav__center">
            <button
              type="button"
              className="plus-btn"
              aria-label={t('nav.actions')}
              aria-haspopup="dialog"
              aria-expanded={isDrawerOpen}
              data-testid="plus-button"
              onClick={() => setDrawerOpen(true)}
            >
              <Plus size={30} strokeWidth={2.6} aria-hidden />
            </button>
          </div>
          <div className="bottom-nav__side">
            <BottomNavLinks
              items={[
                { to: '/user/profile', Icon: UserRound, label: t('nav.profile') },
                { to: '/user/contact', Icon: MessageCircle, label: t('nav.contact'), badge: <ChatUnreadCount /> },
              ]}
            />
            <button type="button" className="bottom-nav__item" aria-haspopup="dialog" onClick={() => setConditionsOpen(true)}>
              <FileText size={22} aria-hidden />
              <span>{t('nav.conditions')}</span>
            </button>
          </div>
        </nav>

        <ActionDrawer isOpen={isDrawerOpen} onOpenChange={setDrawerOpen} />
        <ConditionsModal isOpen={isConditionsOpen} onOpenChange={setConditionsOpen} />
        <LogoutConfirm isOpen={isLogoutOpen} onOpenChange={setLogoutOpen} />
      </div>
    </WalletModalsProvider>
  );
}
