import type { Module } from '@coursekit/core';
import { useQuery } from '@tanstack/react-query';
import { useCourseAdapter } from '../../provider/useCourseAdapter';
import { courseKeys } from '../../queries/courseKeys';
import { useModules } from '../../queries/courseQueries';
import { useAdminCourse } from '../useAdmin';

/**
 * The picked course's modules, for their names, when the provider's adapter shows that course (its
 * outline's slug): another course's modules are not the learner adapter's to give, and the console
 * then names them 'Module {id}'.
 */
export function useCourseModules(): { data: Module[] | undefined } {
  const adapter = useCourseAdapter();
  const { course } = useAdminCourse();
  const modules = useModules();
  const outline = useQuery({
    queryKey: courseKeys.outline(),
    queryFn: () => adapter.course.outline(),
    staleTime: 5 * 60_000,
    enabled: course !== null,
  });
  const shown = course === null || outline.data?.slug === course;
  return { data: shown ? modules.data : undefined };
}
