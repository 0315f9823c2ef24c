import { type AdminCourse, adminMessages } from '@coursekit/core';
import { useQuery } from '@tanstack/react-query';
import type * as s from '../../ui/styles.css';
import { adminKeys } from '../adminKeys';
import { useAdmin } from '../useAdmin';

/** A course's status in words, with a badge tone (the word says it, not the colour alone). */
export const COURSE_STATUS: Record<AdminCourse['status'], { label: string; tone: keyof typeof s.badge }> = {
  published: { label: adminMessages.courseStatusPublished, tone: 'success' },
  draft: { label: adminMessages.courseStatusDraft, tone: 'info' },
  archived: { label: adminMessages.courseStatusArchived, tone: 'muted' },
};

/** Every course, the default first; idle when the adapter has no courses part. */
export function useCourseList() {
  const admin = useAdmin();
  return useQuery({
    queryKey: adminKeys.courses(),
    queryFn: () => admin.courses!.list(),
    enabled: Boolean(admin.courses),
  });
}
