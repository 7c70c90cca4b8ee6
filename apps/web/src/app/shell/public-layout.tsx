import { CircleHelp, LogIn, MessageCircle, UserPlus } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BottomNavLinks } from '@/app/shell/bottom-nav-links';
import { ChatUnreadCount } from '@/features/chat/components/chat-unread-badge';
import { BrandLogo } from '@/components/brand-logo';
import { LanguageSwitcher } from '@/components/language-switcher';
import '@/app/shell/shell.css';

/** Signed-out chrome: brand, language switcher, bottom menu with /login, /register, /contact (docs/spec.md §2). */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="shell shell--public">
      <header className="public-header">
        <Link to="/login" className="public-header__brand">
          <BrandLogo />
        </Link>
        <div className="public-header__end">
          <Link to="/howto" className="icon-btn icon-btn--on-brand" aria-label={t('nav.howto')} title={t('nav.howto')}>
            <CircleHelp size={22} aria-hidden />
          </Link>
        </div>
      </header>
      <div className="public-lang">
        <LanguageSwitcher tone="dark" />
      </div>
      <main id="main" className="shell__main">
        <Outlet />
      </main>
      <nav className="bottom-nav bottom-nav--public" aria-label={t('nav.main')}>
        <BottomNavLinks
          items={[
            { to: '/login', Icon: LogIn, label: t('nav.login') },
            { to: '/register', Icon: UserPlus, label: t('nav.register') },
            { to: '/contact', Icon: MessageCircle, label: t('nav.contact'), badge: <ChatUnreadCount /> },
          ]}
        />
      </nav>
    </div>
  );
}
