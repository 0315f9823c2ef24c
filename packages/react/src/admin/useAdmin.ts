import type { AdminAdapter } from '@coursekit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCourseAdapter } from '../provider/useCourseAdapter';
import { adminKeys } from './adminKeys';

/**
 * The admin part of the nearest CourseProvider's adapter, for the course picked in the console
 * (`admin.forCourse`): its course-specific calls answer for that course, the rest for the platform.
 * Throws when the adapter has no admin part.
 */
export function useAdmin(): AdminAdapter {
  const { admin } = useCourseAdapter();
  const { course } = useAdminCourse();
  if (!admin) {
    throw new Error(
      'This CourseAdapter has no admin part: pass one with `admin` to CourseProvider to use AdminConsole',
    );
  }
  return course !== null && admin.forCourse ? admin.forCourse(course) : admin;
}

/**
 * The course the console shows: the slug picked (null: the default course, as the unscoped calls
 * answer), the last part of every course-specific query key, and how to pick another. Kept in the
 * query cache, so the user-progress and content screens of a host's own routes keep it too.
 */
export function useAdminCourse(): { course: string | null; pick: (course: string) => void } {
  const client = useQueryClient();
  const { data } = useQuery<string | null>({
    queryKey: adminKeys.pickedCourse(),
    queryFn: () => null,
    initialData: null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const pick = useCallback(
    (course: string) => client.setQueryData(adminKeys.pickedCourse(), course),
    [client],
  );
  return { course: data, pick };
}
