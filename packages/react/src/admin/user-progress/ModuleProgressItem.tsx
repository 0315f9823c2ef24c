import {
  type Module,
  type ModuleProgress,
  type ModuleStatus,
  messages,
  moduleResetFailedMessage,
  moduleStatus,
} from '@coursekit/core';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ProgressBar } from '../../ui/ProgressBar';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import { useResetUserProgress } from './userProgressQueries';

export interface ModuleProgressItemProps {
  userId: string;
  userName: string;
  progress: ModuleProgress;
  module: Module | undefined;
}

/** The badge of core's moduleStatus, in the console's English. */
const ADMIN_STATUS_TEXT = {
  complete: 'Complete',
  testedOut: 'Tested out',
  inProgress: 'In Progress',
} as const satisfies Record<ModuleStatus, string>;

/** admin §2: one module row; locked rows show nothing of the learner's progress in it. */
export function ModuleProgressItem({ userId, userName, progress, module }: ModuleProgressItemProps) {
  const toast = useToast();
  const reset = useResetUserProgress(userId);
  const name = module?.name ?? `Module ${progress.moduleId}`;
  const title = module ? `Module ${module.id}: ${module.name}` : name;

  if (!progress.isUnlocked) {
    return (
      <li className={s.lockedCard} aria-label={`${title} (locked)`}>
        <div className={s.spread}>
          <h4 className={s.subheading}>{title}</h4>
          <span className={s.badge.muted}>Locked</span>
        </div>
        <p className={s.muted}>{messages.moduleLockedHint}</p>
        <p className={s.muted}>0 of {progress.totalLessons} lessons · 0%</p>
      </li>
    );
  }

  async function resetModule() {
    try {
      await reset.mutateAsync({ kind: 'module', moduleId: progress.moduleId });
      toast({
        title: messages.moduleResetCompleteTitle,
        description: `All lessons in ${name} are marked incomplete for ${userName}.`,
      });
    } catch (e) {
      toast({
        title: messages.resetFailedTitle,
        description: moduleResetFailedMessage(name, (e as Error).message),
        variant: 'error',
      });
    }
  }

  const status = moduleStatus(progress);
  return (
    <li className={s.card} aria-label={title}>
      <div className={s.spread}>
        <h4 className={s.subheading}>{title}</h4>
        <span className={status === 'inProgress' ? s.badge.info : s.badge.success}>
          {ADMIN_STATUS_TEXT[status]}
        </span>
      </div>
      <ProgressBar value={progress.progressPercentage} label={`${name} progress`} />
      <p className={s.muted}>
        {progress.completedLessons} of {progress.totalLessons} lessons · {progress.progressPercentage}%
      </p>
      {progress.progressPercentage > 0 ? (
        <div>
          <ConfirmDialog
            trigger={
              <button type="button" className={s.button.secondary} disabled={reset.isPending}>
                Reset
              </button>
            }
            title={`Reset ${name}?`}
            description={`All lessons in this module will be marked incomplete for ${userName}.`}
            confirmLabel="Reset Module"
            onConfirm={() => void resetModule()}
          />
        </div>
      ) : null}
    </li>
  );
}
