import { Outlet, useParams } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { CourseScope } from '../session/CourseScope';
import { useCourseOutline } from '../session/useCourseOutline';
import { LoadingScreen } from '../ui/LoadingScreen';

const NotFound = lazy(() => import('./NotFound').then((m) => ({ default: m.NotFound })));

/** '/courses/{slug}/…': the course's screens, on its adapter; an unknown slug is the not-found page. */
export function CourseScopeLayout() {
  const { slug } = useParams({ from: '/courses/$slug' });
  return (
    <CourseScope slug={slug}>
      <CourseGate />
    </CourseScope>
  );
}

/** Waits for the course's outline (the one read that says whether the course exists). */
function CourseGate() {
  const outline = useCourseOutline();
  const title = outline.data?.title;

  // The tab shows this course's title while the learner is in it, the site's again after.
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);

  if (outline.isNotFound) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <NotFound />
      </Suspense>
    );
  }
  // Another failure (the API down) is each screen's to show, with its own retry.
  if (outline.isPending) return <LoadingScreen />;
  return <Outlet />;
}
