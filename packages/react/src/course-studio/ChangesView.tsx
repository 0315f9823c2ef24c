import type { CourseChanges } from '@coursekit/core';
import * as s from '../ui/styles.css';
import * as st from './studio.css';

/** What changed between two states of a course: its details, modules, lessons (with the diff), questions and images. */

export function ChangesView({ changes }: { changes: CourseChanges }) {
  const nothing =
    changes.course.length +
      changes.modules.length +
      changes.lessons.length +
      changes.questions.length +
      changes.images.length ===
    0;
  if (nothing) return <p className={s.muted}>No changes.</p>;
  return (
    <div className={s.stack}>
      {changes.course.length > 0 ? (
        <p className={s.text}>Course details changed: {changes.course.join(', ')}</p>
      ) : null}
      {changes.modules.length > 0 ? (
        <ul className={s.list} aria-label="Modules">
          {changes.modules.map((m) => (
            <li key={m.id}>
              Module {m.id}, {m.name}: {m.change}
            </li>
          ))}
        </ul>
      ) : null}
      {changes.lessons.map((l) => (
        <section key={l.key} aria-label={`Lesson ${l.title}`} className={s.stack}>
          <h4 className={s.text}>
            Lesson “{l.title}” (module {l.module_id}): <strong>{l.change}</strong>
          </h4>
          {l.diff.length > 0 ? (
            <pre className={st.diff}>
              {l.diff.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines are its order
                <span key={i} className={st.diffLine[line.kind]}>
                  {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}
                  {line.text}
                  {line.kind === 'added' ? <span className={s.visuallyHidden}> (added)</span> : null}
                  {line.kind === 'removed' ? <span className={s.visuallyHidden}> (removed)</span> : null}
                </span>
              ))}
            </pre>
          ) : null}
        </section>
      ))}
      {changes.questions.length > 0 ? (
        <ul className={s.list} aria-label="Questions">
          {changes.questions.map((q) => (
            <li key={`${q.module_id}-${q.quiz}-${q.number}`}>
              Module {q.module_id}, {q.quiz === 'course' ? 'final quiz' : 'pre-assessment'} question{' '}
              {q.number}: {q.change}
              {q.after && q.change !== 'removed' ? ` — “${q.after}”` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {changes.images.length > 0 ? (
        <ul className={s.list} aria-label="Images">
          {changes.images.map((i) => (
            <li key={i.path}>
              {i.path}: {i.change}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
