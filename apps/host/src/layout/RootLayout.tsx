import { Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useSession } from '../session/SessionProvider';
import { useCourseOutline } from '../session/useCourseOutline';
import { Footer } from './Footer';
import { Header } from './Header';
import { MaintenanceGate } from './MaintenanceGate';
import { SystemBanner } from './SystemBanner';

/** Every page: skip link, header, banners, the page (behind the maintenance gate), footer. */
// Only unverified learners see it, so its code loads only for them.
const VerifyEmailBanner = lazy(() =>
  import('./VerifyEmailBanner').then((m) => ({ default: m.VerifyEmailBanner })),
);

export function RootLayout() {
  const { session } = useSession();
  const unverified = session !== null && !session.user.email_confirmed_at;
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  const course = useCourseOutline().data;

  // The tab shows the course's title, and the page's description is the course's, once the outline
  // is read (index.html's neutral <title> and description until then).
  useEffect(() => {
    if (!course) return;
    document.title = course.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', course.description);
  }, [course]);

  // After client-side navigation, move focus to the page so screen readers start at the content.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: false });
  }, [pathname]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <SystemBanner />
      {unverified ? (
        <Suspense fallback={null}>
          <VerifyEmailBanner />
        </Suspense>
      ) : null}
      <main id="main" ref={main} tabIndex={-1}>
        <MaintenanceGate>
          <Outlet />
        </MaintenanceGate>
      </main>
      <Footer />
    </div>
  );
}
