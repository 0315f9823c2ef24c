import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useId, useState } from 'react';
import { courseSlugOf } from '../session/coursePaths';
import { useSession } from '../session/SessionProvider';
import { useIsAdmin } from '../session/useIsAdmin';
import { useManagedOrganisations } from '../session/useManagedOrganisations';
import { Logo } from './Logo';

// Visitors never open it; its code loads once someone is signed in.
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));

// A course's links: the default course's, or, on a page under '/courses/{slug}', that course's.
const SIGNED_IN = [
  { to: '/course', scoped: '/courses/$slug/course', label: 'Course' },
  { to: '/modules', scoped: '/courses/$slug/modules', label: 'Modules' },
  { to: '/quizzes', scoped: '/courses/$slug/quizzes', label: 'Quizzes' },
  { to: '/progress', scoped: '/courses/$slug/progress', label: 'Progress' },
] as const;

/** learner §2: the header's links for signed-in and signed-out visitors; a collapsible menu on phones. */
export function Header() {
  const { session, loading } = useSession();
  const { isAdmin, isAuthor } = useIsAdmin();
  const managed = useManagedOrganisations();
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const close = () => setMenuOpen(false);
  const slug = useRouterState({ select: (state) => courseSlugOf(state.location.pathname) });
  const courses = (
    <li>
      <Link
        to="/courses"
        onClick={close}
        activeOptions={{ exact: true }}
        activeProps={{ 'aria-current': 'page' }}
      >
        Courses
      </Link>
    </li>
  );

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
                  {slug ? (
                    <Link
                      to={link.scoped}
                      params={{ slug }}
                      onClick={close}
                      activeProps={{ 'aria-current': 'page' }}
                    >
                      {link.label}
                    </Link>
                  ) : (
                    <Link to={link.to} onClick={close} activeProps={{ 'aria-current': 'page' }}>
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
              {courses}
              {isAdmin ? (
                <li>
                  <Link to="/admin" onClick={close} activeProps={{ 'aria-current': 'page' }}>
                    Admin
                  </Link>
                </li>
              ) : null}
              {managed.map((organisation) => (
                // A manager's way to each console, as an admin's is the Admin link.
                <li key={organisation.id}>
                  <Link
                    to="/organisations/$organisationId"
                    params={{ organisationId: organisation.id }}
                    onClick={close}
                    activeProps={{ 'aria-current': 'page' }}
                  >
                    <span className="visually-hidden">Manage </span>
                    {organisation.name}
                  </Link>
                </li>
              ))}
              {isAuthor ? (
                <li>
                  <Link to="/admin/studio" onClick={close} activeProps={{ 'aria-current': 'page' }}>
                    Studio
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
              {courses}
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
