import {
  type AdminCourse,
  type AdminCourseChanges,
  adminMessages,
  courseUpdatedMessage,
  messages,
} from '@coursekit/core';
import { type Query, useMutation, useQueryClient } from '@tanstack/react-query';
import { courseKeys } from '../../queries/courseKeys';
import { useToast } from '../../ui/toast';
import { adminKeys } from '../adminKeys';
import { useAdmin } from '../useAdmin';
import { serverMessage } from '../users/useUserActions';

/** The console's own state kept in the cache (the picked course, the Operation Results): never refetched. */
const LOCAL = new Set<unknown>([adminKeys.pickedCourse()[2], adminKeys.operations()[2]]);
const fetched = (query: Query) => !LOCAL.has(query.queryKey[2]);

/**
 * A course's status or making it the default, with the success toast; a refusal (the default stays
 * published, 409) is the caller's to show, in the server's words (`failure`).
 */
export function useUpdateCourse() {
  const admin = useAdmin();
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ course, changes }: { course: AdminCourse; changes: AdminCourseChanges }) =>
      admin.courses!.update(course.slug, changes),
    onSuccess: (updated, { changes }) => {
      toast({
        title: adminMessages.courseUpdatedTitle,
        description: courseUpdatedMessage(updated.title, changes.is_default ? 'default' : updated.status),
      });
      // Another default answers every unscoped call, the console's and the learner screens' alike.
      if (changes.is_default) return client.invalidateQueries({ predicate: fetched });
      return Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.courses() }),
        client.invalidateQueries({ queryKey: courseKeys.catalog() }),
      ]);
    },
  });
}

/** What a failed course call says: the server's own message (it names the course or the file). */
export const failure = (error: unknown) => serverMessage(error, messages.authUnexpected);
