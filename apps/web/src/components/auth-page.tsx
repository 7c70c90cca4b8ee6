import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import '@/components/auth-page.css';

type AuthPageProps = {
  title: string;
  subtitle?: string;
  /** Set to move focus to the heading (it is then focusable). */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Shown between the heading and the form card (a notice such as "your session ended"). */
  notice?: ReactNode;
  children: ReactNode;
  footer: ReactNode;
};

/** The signed-out page frame of /login, /register and /forgot-password: a hero heading, the form card, links below. */
export function AuthPage({ title, subtitle, headingRef, notice, children, footer }: AuthPageProps) {
  return (
    <section className="auth-page">
      <div className="auth-hero">
        <h1 className="auth-hero__title" ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
          {title}
        </h1>
        {subtitle && <p className="auth-hero__subtitle">{subtitle}</p>}
      </div>
      {notice}
      <div className="card card--raised">{children}</div>
      {footer}
    </section>
  );
}

/** "No account yet? Register" under the card. */
export function AuthSwitch({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <p className="auth-switch">
      {text}{' '}
      <Link to={to} className="link-strong">
        {label}
      </Link>
    </p>
  );
}
