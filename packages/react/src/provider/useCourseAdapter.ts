import type { CourseAdapter } from '@coursekit/core';
import { useContext } from 'react';
import { CourseContext, type CourseContextValue } from './CourseContext';

export function useCourseContext(): CourseContextValue {
  const value = useContext(CourseContext);
  if (!value) throw new Error('No CourseAdapter set, use CourseProvider to set one');
  return value;
}

/** The adapter of the nearest CourseProvider; throws when there is none. */
export function useCourseAdapter(): CourseAdapter {
  return useCourseContext().adapter;
}
