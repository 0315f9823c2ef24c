import type { AdminAdapter } from '@coursekit/core';
import { useCourseAdapter } from '../provider/useCourseAdapter';

/** The admin part of the nearest CourseProvider's adapter; throws when the adapter has none. */
export function useAdmin(): AdminAdapter {
  const { admin } = useCourseAdapter();
  if (!admin) {
    throw new Error(
      'This CourseAdapter has no admin part: pass one with `admin` to CourseProvider to use AdminConsole',
    );
  }
  return admin;
}
