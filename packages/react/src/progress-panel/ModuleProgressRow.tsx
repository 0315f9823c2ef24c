import {
  isModuleRowOpen,
  type Module,
  type ModuleProgress,
  moduleActionLabel,
  moduleCompletionTarget,
  type ProgressSummary,
} from '@coursekit/core';
import { useNavigate } from '../provider/navigation';
import { useResetModule } from '../queries/progressMutations';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ProgressBar } from '../ui/ProgressBar';
import * as s from '../ui/styles.css';
import { useToast } from '../ui/toast';

export interface ModuleProgressRowProps {
  module: Module;
  progress: ModuleProgress;
  summary: ProgressSummary;
  modules: Module[];
}

/** learner §2 /progress: one module row, open or locked by core's rule. */
export function ModuleProgressRow({ module, progress, summary, modules }: ModuleProgressRowProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const reset = useResetModule();
  const title = `Module ${module.id}: ${module.name}`;

  if (!isModuleRowOpen(progress)) {
    return (
      <li className={s.lockedCard} aria-label={`${title} (locked)`}>
        <div className={s.spread}>
          <h4 className={s.subheading}>{title}</h4>
          <span className={s.badge.muted}>Locked</span>
        </div>
        <p className={s.muted}>Complete previous modules to unlock</p>
        <p className={s.muted}>0 of {progress.totalLessons} lessons</p>
      </li>
    );
  }

  const label = moduleActionLabel(progress.progressPercentage);
  const target = moduleCompletionTarget(module.id, summary, modules);
  const action =
    label === 'Complete'
      ? { text: target.type === 'quiz' ? 'Take Quiz' : 'Next Module', path: target.path }
      : { text: label, path: `/module/${module.id}` };

  async function resetModule() {
    try {
      await reset.mutateAsync(module.id);
      toast({
        title: 'Module Reset Complete',
        description: `All lessons in ${module.name} are marked incomplete.`,
      });
    } catch (e) {
      toast({
        title: 'Reset Failed',
        description: `Could not reset ${module.name}: ${(e as Error).message}`,
        variant: 'error',
      });
    }
  }

  return (
    <li className={s.card} aria-label={title}>
      <div className={s.spread}>
        <h4 className={s.subheading}>{title}</h4>
        <span className={progress.progressPercentage === 100 ? s.badge.success : s.badge.info}>
          {progress.progressPercentage === 100 ? 'Complete' : 'In Progress'}
        </span>
      </div>
      <p className={s.muted}>{module.description}</p>
      <ProgressBar value={progress.progressPercentage} label={`${module.name} progress`} />
      <p className={s.muted}>
        {progress.completedLessons} of {progress.totalLessons} lessons · {progress.progressPercentage}%
      </p>
      <div className={s.row}>
        <button type="button" className={s.button.primary} onClick={() => navigate(action.path)}>
          {action.text}
        </button>
        <button type="button" className={s.button.link} onClick={() => navigate(`/module/${module.id}`)}>
          View Module {module.id}
        </button>
        {progress.progressPercentage > 0 ? (
          <ConfirmDialog
            trigger={
              <button type="button" className={s.button.secondary}>
                Reset
              </button>
            }
            title={`Reset ${module.name}?`}
            description="All lessons in this module will be marked incomplete."
            confirmLabel="Reset Module"
            onConfirm={() => void resetModule()}
          />
        ) : null}
      </div>
    </li>
  );
}
