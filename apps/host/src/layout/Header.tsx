import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useId, useState } from 'react';
import { useSession } from '../session/SessionProvider';
import { useIsAdmin } from '../session/useIsAdmin';
import { Logo } from './Logo';

// Visitors never open it; its code loads once someone is signed in.
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));

const SIGNED_IN = [
  { to: '/course', label: 'Course' },
  { to: '/modules', label: 'Modules' },
  { to: '/quizzes', label: 'Quizzes' },
  { to: '/progress', label: 'Progress' },
] as const;

/** learner §2: the header's links for signed-in and signed-out visitors; a collapsible menu on phones. */
export function Header() {
  const { session, loading } = useSession();
  const { isAdmin } = useIsAdmin();
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const close = () => setMenuOpen(false);

  return (
    <header className="site-header">
      <div className="header-inner">
        <Logo />
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((v) => !v)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
        <nav id={navId} aria-label="Main" className={menuOpen ? 'site-nav open' : 'site-nav'}>
          {loading ? null : session ? (
            <ul>
              {SIGNED_IN.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} onClick={close} activeProps={{ 'aria-current': 'page' }}>
                    {link.label}
                  </Link>
                </li>
              ))}
              {isAdmin ? (
                <li>
                  <Link to="/admin" onClick={close} activeProps={{ 'aria-current': 'page' }}>
                    Admin
                  </Link>
                </li>
              ) : null}
              <li>
                <Link to="/about" onClick={close} activeProps={{ 'aria-current': 'page' }}>
                  About
                </Link>
              </li>
              <li>
                <Suspense fallback={null}>
                  <UserMenu onNavigate={close} />
                </Suspense>
              </li>
            </ul>
          ) : (
            <ul>
              <li>
                <Link to="/about" onClick={close} activeProps={{ 'aria-current': 'page' }}>
                  About
                </Link>
              </li>
              <li>
                <Link to="/signin" onClick={close} activeProps={{ 'aria-current': 'page' }}>
                  Sign In
                </Link>
              </li>
              <li>
                <Link to="/signup" onClick={close} className="button button-primary">
                  Get Started
                </Link>
              </li>
            </ul>
          )}
        </nav>
      </div>
    </header>
  );
}
