import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../adminKeys';
import { useAdmin, useAdminCourse } from '../useAdmin';

/** Records by tracking method, overall and per module. */
export function useTrackingOverview() {
  const admin = useAdmin();
  const { course } = useAdminCourse();
  return useQuery({ queryKey: adminKeys.trackingOverview(course), queryFn: () => admin.tracking.overview() });
}

/** admin §9: the last 50 cleanup log entries (the adapter returns them newest first). */
export function useCleanupLog() {
  const admin = useAdmin();
  return useQuery({ queryKey: adminKeys.cleanupLog(), queryFn: () => admin.tracking.cleanupLog() });
}

/** Removes progress whose lesson no longer exists; the overview and the log reload afterwards. */
export function useCleanupOrphans() {
  const admin = useAdmin();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => admin.tracking.cleanup(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.tracking() }),
  });
}

/** Moves one learner's legacy records to stable tracking; their progress view reloads too. */
export function useMigrateProgress() {
  const admin = useAdmin();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => admin.tracking.migrate(userId),
    onSettled: (_result, _error, userId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.tracking() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.userProgress(userId) }),
      ]),
  });
}
