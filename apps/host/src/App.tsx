import type { CourseAdapter } from '@coursekit/core';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createHostRouter } from './router';
import { SessionProvider } from './session/SessionProvider';
import { SettingsProvider } from './session/SettingsProvider';
import { ToastProvider } from './ui/Toaster';

/** The whole site on one adapter (tests pass another). */
export function App({ adapter }: { adapter: CourseAdapter }) {
  const [router] = useState(createHostRouter);
  return (
    <SessionProvider adapter={adapter}>
      <SettingsProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </SettingsProvider>
    </SessionProvider>
  );
}
