import { LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Under a "phone already registered" error: sign in with that phone instead (it is filled in on /login). */
export function SignInInstead({ phone, isPrimary = false }: { phone: string; isPrimary?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/login?${new URLSearchParams({ phone }).toString()}`}
      className={`btn ${isPrimary ? 'btn--primary' : 'btn--secondary'} btn--block`}
      data-testid="register-sign-in-instead"
    >
      <span className="btn__label">
        <LogIn size={18} aria-hidden /> {t('registerFlow.signInInstead')}
      </span>
    </Link>
  );
}
