import { formatDuration, moduleDurationMinutes, moduleStatus } from '@coursekit/core';
import { useNavigate } from '../provider/navigation';
import { useModules, useProgress } from '../queries/courseQueries';
import { formatString } from '../strings/formatString';
import { playerStrings } from '../strings/playerStrings';
import { useStrings } from '../strings/useStrings';
import { ErrorState, isUnauthorized, SignInPrompt, Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';

/** learner §2 /modules: every module (id, name, description) with the learner's progress in it. */
export function ModuleList() {
  const navigate = useNavigate();
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
            <li key={m.id} className={s.card}>
              <h3 className={s.subheading}>{formatString(t.moduleTitle, { number: m.id, name: m.name })}</h3>
              <p className={s.muted}>{m.description}</p>
              <div className={s.spread}>
                <span className={s.muted}>
                  {p
                    ? formatString(t.moduleLessonsCount, {
                        completed: p.completedLessons,
                        total: p.totalLessons,
                      })
                    : ''}{' '}
                  · {formatDuration(moduleDurationMinutes(m))}
                  {p && moduleStatus(p) === 'testedOut' ? (
                    <>
                      {' '}
                      <span className={s.badge.success}>{t.testedOut}</span>
                    </>
                  ) : null}
                </span>
                <button
                  type="button"
                  className={s.button.primary}
                  onClick={() => navigate(`/module/${m.id}`)}
                >
                  {formatString(t.openModule, { number: m.id })}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
