import { type CourseChanges, changesByModule, imageLabel, type StudioOutline } from '@coursekit/core';
import * as s from '../ui/styles.css';
import * as st from './studio.css';

// What changed between two states of a course, in the outline's nouns: the course settings, then
// each module with its lessons (and each lesson's diff) and its questions, then the images by what
// they show. No file name: an image is named by its alt text when the draft's outline knows it.

/** A lesson's place, from its key (`module_{id}_{order}_…` or `module_{id}_lesson_{order}`). */
const orderOf = (key: string) => /^module_\d+_(?:lesson_)?(\d+)/.exec(key)?.[1];

const QUIZ = { course: 'Final quiz', pre_assessment: 'Pre-assessment' } as const;

export function ChangesView({ changes, outline }: { changes: CourseChanges; outline?: StudioOutline }) {
  const modules = changesByModule(changes);
  const nothing = changes.course.length + modules.length + changes.images.length === 0;
  if (nothing) return <p className={s.muted}>No changes.</p>;
  const nameOf = (id: number, given: string) =>
    given || outline?.modules.find((m) => m.id === id)?.name || '';
  return (
    <div className={s.stack}>
      {changes.course.length > 0 ? (
        <p className={s.text}>The course settings changed: {changes.course.join(', ')}</p>
      ) : null}
      {modules.map((m) => {
        const name = nameOf(m.id, m.name);
        const label = name && name !== `Module ${m.id}` ? `Module ${m.id}: ${name}` : `Module ${m.id}`;
        return (
          <section key={m.id} aria-label={label} className={s.stack}>
            <h4 className={s.text}>
              {label}
              {m.change ? (
                <>
                  : <strong>{m.change}</strong>
                </>
              ) : null}
            </h4>
            {m.lessons.map((l) => (
              <section key={l.key} aria-label={`Lesson “${l.title}”`} className={s.stack}>
                <p className={s.text}>
                  {orderOf(l.key) ? `Lesson ${orderOf(l.key)}` : 'Lesson'} “{l.title}”:{' '}
                  <strong>{l.change}</strong>
                </p>
                {l.diff.length > 0 ? (
                  <pre className={st.diff}>
                    {l.diff.map((line, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines are its order
                      <span key={i} className={st.diffLine[line.kind]}>
                        {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}
                        {line.text}
                        {line.kind === 'added' ? <span className={s.visuallyHidden}> (added)</span> : null}
                        {line.kind === 'removed' ? (
                          <span className={s.visuallyHidden}> (removed)</span>
                        ) : null}
                      </span>
                    ))}
                  </pre>
                ) : null}
              </section>
            ))}
            {m.questions.length > 0 ? (
              <ul className={s.list} aria-label={`Questions of ${label}`}>
                {m.questions.map((q) => (
                  <li key={`${q.quiz}-${q.number}`}>
                    {QUIZ[q.quiz]} question {q.number}: {q.change}
                    {q.after && q.change !== 'removed' ? ` — “${q.after}”` : ''}
                    {q.before && q.change === 'removed' ? ` — “${q.before}”` : ''}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        );
      })}
      {changes.images.length > 0 ? (
        <ul className={s.list} aria-label="Images">
          {changes.images.map((i, n) => (
            <li key={i.path}>
              {outline?.images.some((o) => o.path === i.path)
                ? imageLabel(outline, i.path)
                : `Image ${n + 1} of the changes`}
              : {i.change}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
