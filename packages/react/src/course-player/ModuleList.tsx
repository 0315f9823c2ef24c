import { formatDuration, moduleDurationMinutes } from '@coursekit/core';
import { useModules, useProgress } from '../queries/courseQueries';
import { formatString } from '../strings/formatString';
import { playerStrings } from '../strings/playerStrings';
import { useStrings } from '../strings/useStrings';
import { ErrorState, isUnauthorized, SignInPrompt, Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';
import { ModuleCard } from './ModuleCard';

/** learner §2 /modules: every module (id, name, description) with the learner's progress in it. */
export function ModuleList() {
  const modules = useModules();
  const progress = useProgress();
  const t = useStrings(playerStrings);
  const error = modules.error ?? progress.error;
  if (isUnauthorized(error)) return <SignInPrompt message={t.sessionExpired} />;
  if (error) return <ErrorState error={error} onRetry={() => void modules.refetch()} />;
  if (!modules.data) return <Skeletons />;

  return (
    <div className={s.stack}>
      <h2 className={s.heading}>{t.courseModules}</h2>
      <ul className={s.list}>
        {modules.data.map((m) => {
          const p = progress.data?.summary.modules.find((x) => x.moduleId === m.id);
          return (
            <ModuleCard
              key={m.id}
              module={m}
              progress={p}
              level={3}
              detail={
                <>
                  {p
                    ? formatString(t.moduleLessonsCount, {
                        completed: p.completedLessons,
                        total: p.totalLessons,
                      })
                    : ''}{' '}
                  · {formatDuration(moduleDurationMinutes(m))}
                </>
              }
              emphasis="primary"
            />
          );
        })}
      </ul>
    </div>
  );
}
