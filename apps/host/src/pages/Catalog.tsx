import { CourseCatalog } from '@coursekit/react';
import { Link } from '@tanstack/react-router';
import { WidgetHost } from '../learner/WidgetHost';
import { useSession } from '../session/SessionProvider';

/** '/courses': every published course, with the learner's progress in each when signed in. */
export function Catalog() {
  const { session, loading } = useSession();
  return (
    <div className="catalog">
      <h1>Courses</h1>
      {loading || session ? null : (
        <p className="lead">
          <Link to="/signin">Sign in</Link> to see your progress in each course.
        </p>
      )}
      <WidgetHost>
        <CourseCatalog />
      </WidgetHost>
    </div>
  );
}
