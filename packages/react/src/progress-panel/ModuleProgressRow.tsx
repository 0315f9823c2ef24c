import {
  isModuleRowOpen,
  type Module,
  type ModuleProgress,
  moduleAction,
  moduleCompletionTarget,
  moduleStatus,
  type ProgressSummary,
} from '@coursekit/core';
import { useNavigate } from '../provider/navigation';
import { useResetModule } from '../queries/progressMutations';
import { formatString } from '../strings/formatString';
import { progressStrings } from '../strings/progressStrings';
import { MODULE_ACTION_TEXT, MODULE_STATUS_TEXT } from '../strings/ruleTexts';
import { useStrings } from '../strings/useStrings';
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
  const t = useStrings(progressStrings);
  const title = formatString(t.moduleTitle, { number: module.id, name: module.name });

  if (!isModuleRowOpen(progress)) {
    return (
      <li className={s.lockedCard} aria-label={formatString(t.moduleLocked, { module: title })}>
        <div className={s.spread}>
          <h4 className={s.subheading}>{title}</h4>
          <span className={s.badge.muted}>{t.lockedBadge}</span>
        </div>
        <p className={s.muted}>{t.moduleLockedHint}</p>
        <p className={s.muted}>
          {formatString(t.moduleLessonsCount, { completed: 0, total: progress.totalLessons })}
        </p>
      </li>
    );
  }

  // A module tested out of leads on (to its completion target) and says so, with its real count.
  const next = moduleAction(progress.progressPercentage, progress.testedOut);
  const status = moduleStatus(progress);
  const target = moduleCompletionTarget(module.id, summary, modules);
  const action =
    next === 'complete'
      ? { text: target.type === 'quiz' ? t.takeQuiz : t.nextModule, path: target.path }
      : { text: t[MODULE_ACTION_TEXT[next]], path: `/module/${module.id}` };

  async function resetModule() {
    try {
      await reset.mutateAsync(module.id);
      toast({
        title: t.moduleResetTitle,
        description: formatString(t.moduleResetBody, { module: module.name }),
      });
    } catch (e) {
      toast({
        title: t.moduleResetFailedTitle,
        description: formatString(t.moduleResetFailed, { module: module.name, error: (e as Error).message }),
        variant: 'error',
      });
    }
  }

  return (
    <li className={s.card} aria-label={title}>
      <div className={s.spread}>
        <h4 className={s.subheading}>{title}</h4>
        <span className={status === 'inProgress' ? s.badge.info : s.badge.success}>
          {t[MODULE_STATUS_TEXT[status]]}
        </span>
      </div>
      <p className={s.muted}>{module.description}</p>
      <ProgressBar
        value={progress.progressPercentage}
        label={formatString(t.moduleProgressBar, { module: module.name })}
      />
      <p className={s.muted}>
        {formatString(t.moduleLessonsCount, {
          completed: progress.completedLessons,
          total: progress.totalLessons,
        })}{' '}
        · {progress.progressPercentage}%
      </p>
      <div className={s.row}>
        <button type="button" className={s.button.primary} onClick={() => navigate(action.path)}>
          {action.text}
        </button>
        <button type="button" className={s.button.link} onClick={() => navigate(`/module/${module.id}`)}>
          {formatString(t.viewModule, { number: module.id })}
        </button>
        {progress.progressPercentage > 0 ? (
          <ConfirmDialog
            trigger={
              <button type="button" className={s.button.secondary}>
                {t.reset}
              </button>
            }
            title={formatString(t.resetModuleTitle, { module: module.name })}
            description={t.resetModuleBody}
            confirmLabel={t.resetModule}
            onConfirm={() => void resetModule()}
          />
        ) : null}
      </div>
    </li>
  );
}
