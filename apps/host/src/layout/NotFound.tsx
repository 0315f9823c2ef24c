import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';

/** learner §2: any unknown path; the missing path is logged. */
export function NotFound() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => {
    console.warn('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <div className="centered">
      <h1>404</h1>
      <p className="lead">Oops! Page not found</p>
      <Link to="/" className="button button-primary">
        Return to Home
      </Link>
    </div>
  );
}
