import type { CourseAdapter } from '@coursekit/core';
import { forCourse } from '@coursekit/core/http';
import { RouterProvider } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { createHostRouter } from './router';
import { type CourseAdapterFactory, SessionProvider } from './session/SessionProvider';
import { SettingsProvider } from './session/SettingsProvider';
import { ToastProvider } from './ui/Toaster';

/**
 * The whole site on one adapter (tests pass another). Each course under '/courses/{slug}' gets an
 * adapter of its own from `courseAdapter`, by default `forCourse` on the site's HTTP adapter, which
 * shares its session: one sign-in serves every course.
 */
export function App({
  adapter,
  courseAdapter,
}: {
  adapter: CourseAdapter;
  courseAdapter?: CourseAdapterFactory;
}) {
  const [router] = useState(createHostRouter);
  const onSiteSession = useCallback((slug: string) => forCourse(adapter, slug), [adapter]);
  return (
    <SessionProvider adapter={adapter} courseAdapter={courseAdapter ?? onSiteSession}>
      <SettingsProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </SettingsProvider>
    </SessionProvider>
  );
}
