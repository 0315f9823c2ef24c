import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { hostQueryClient } from '../learner/hostQueryClient';
import { useAdapter } from '../session/SessionProvider';
import { Dialog } from '../ui/Dialog';
import { LoadingScreen } from '../ui/LoadingScreen';
import { useToast } from '../ui/Toaster';

/** admin §2 /admin/user-progress: a user selector whose choice is kept in ?userId=. */
export function AdminUserProgress() {
  return (
    <QueryClientProvider client={hostQueryClient}>
      <UserProgressPage />
    </QueryClientProvider>
  );
}

function UserProgressPage() {
  const adapter = useAdapter();
  const { userId } = useSearch({ strict: false });
  const navigate = useNavigate();
  const selectId = useId();
  const admin = adapter.admin;
  const profiles = useQuery({
    queryKey: ['host', 'admin', 'selectable-profiles'],
    enabled: admin !== undefined,
    queryFn: () => admin!.users.selectable(),
  });
  const progress = useQuery({
    queryKey: ['host', 'admin', 'user-progress', userId],
    enabled: admin !== undefined && Boolean(userId),
    queryFn: () => admin!.userProgress.get(userId!),
  });

  const toast = useToast();
  const [confirming, setConfirming] = useState<number | null>(null);
  const resetModule = useMutation({
    mutationFn: (moduleId: number) => admin!.userProgress.resetModule(userId!, moduleId),
    onSuccess: (_, moduleId) => {
      toast({
        title: 'Module Reset Complete',
        description: `Module ${moduleId}: all lessons marked incomplete.`,
      });
      void progress.refetch();
    },
    onError: (error, moduleId) =>
      toast({
        title: 'Reset Failed',
        description: `Could not reset Module ${moduleId}: ${error.message}`,
        variant: 'destructive',
      }),
    onSettled: () => setConfirming(null),
  });
  const select = (next: string) =>
    void navigate({ to: '/admin/user-progress', search: next ? { userId: next } : {}, replace: true });
  const summary = progress.data?.summary;

  return (
    <div className="card">
      <Link to="/admin">Back to Admin</Link>
      <h1>User Progress</h1>
      <div className="field">
        <label htmlFor={selectId}>User</label>
        <select id={selectId} value={userId ?? ''} onChange={(e) => select(e.target.value)}>
          <option value="">Select a user…</option>
          {(profiles.data ?? []).map((profile) => (
            <option key={profile.user_id} value={profile.user_id}>
              {profile.display_name ?? 'Unknown User'} ({profile.user_id.slice(0, 8)})
            </option>
          ))}
        </select>
      </div>
      {!userId ? (
        <p>Please select a user from the dropdown above to view their progress.</p>
      ) : progress.isPending ? (
        <LoadingScreen />
      ) : progress.isError ? (
        <p className="form-error" role="alert">
          {progress.error.message}
        </p>
      ) : summary ? (
        <section aria-labelledby="course-progress">
          <h2 id="course-progress">Course Progress</h2>
          <p>
            {summary.completedLessons} of {summary.totalLessons} lessons completed (
            {summary.progressPercentage}%), {summary.totalLessons - summary.completedLessons} remaining{' '}
            <span className="badge">{summary.isComplete ? 'Complete' : 'In Progress'}</span>
          </p>
          <h2 id="module-progress">Module Progress</h2>
          <ul className="stack module-rows" aria-labelledby="module-progress">
            {summary.modules.map((module) => (
              <li key={module.moduleId} className="card">
                <strong>Module {module.moduleId}</strong>{' '}
                {module.isUnlocked ? (
                  <>
                    {module.completedLessons} of {module.totalLessons} lessons, {module.progressPercentage}%{' '}
                    <span className="badge">
                      {module.progressPercentage === 100 ? 'Complete' : 'In Progress'}
                    </span>
                  </>
                ) : (
                  <>
                    Complete previous modules to unlock · 0 of {module.totalLessons} lessons · 0%{' '}
                    <span className="badge">Locked</span>
                  </>
                )}
                {module.progressPercentage > 0 ? (
                  <button
                    type="button"
                    className="button button-small button-danger"
                    onClick={() => setConfirming(module.moduleId)}
                  >
                    Reset<span className="visually-hidden"> Module {module.moduleId}</span>
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {confirming !== null ? (
        <Dialog
          open
          title={`Reset Module ${confirming}?`}
          description="All lessons of this module will be marked incomplete for this learner."
          onClose={() => setConfirming(null)}
        >
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => setConfirming(null)}>
              Cancel
            </button>
            <button
              type="button"
              className="button button-danger"
              disabled={resetModule.isPending}
              onClick={() => resetModule.mutate(confirming)}
            >
              Reset Module
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
