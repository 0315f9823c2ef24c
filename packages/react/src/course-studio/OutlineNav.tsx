import type { StudioOutline, StudioOutlineModule } from '@coursekit/core';
import { type ReactNode, useId } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import * as st from './studio.css';

// The course's outline as the author navigates it: the settings, each module with its lessons in
// order, its questions and its test-out threshold, then the images and where each is used. What
// would block or surprise at publish is said beside the item, and read with it.

/** One item of the outline. */
export type OutlineItem =
  | { kind: 'settings' }
  | { kind: 'lesson'; module: number; lesson: number }
  | { kind: 'questions'; module: number }
  | { kind: 'image'; path: string };

export const sameItem = (x: OutlineItem, y: OutlineItem) => JSON.stringify(x) === JSON.stringify(y);

/** A module as its heading names it. */
export const moduleLabel = (m: Pick<StudioOutlineModule, 'id' | 'name'>) =>
  m.name && m.name !== `Module ${m.id}` ? `Module ${m.id}: ${m.name}` : `Module ${m.id}`;

/** An image as the outline names it: by what it shows, as its first lesson describes it. */
export const imageLabel = (outline: StudioOutline, path: string) => {
  const index = outline.images.findIndex((i) => i.path === path);
  const alt = outline.images[index]?.usedIn.find((u) => u.alt)?.alt;
  return alt ? `Image “${alt}”` : `Image ${index + 1} (not described)`;
};

const drawWords = ({ bank, draw }: { bank: number; draw: number | null }) =>
  draw === null ? `all ${bank} of its bank` : `${draw} of ${bank} per attempt`;

export interface OutlineNavProps {
  outline: StudioOutline;
  selected: OutlineItem;
  onSelect: (item: OutlineItem) => void;
  /** Under the modules: adding one. */
  moduleActions?: ReactNode;
}

export function OutlineNav({ outline, selected, onSelect, moduleActions }: OutlineNavProps) {
  const id = useId();
  /** An outline entry: its button, and its problems beside it (read as its description). */
  const entry = (key: string, item: OutlineItem, label: ReactNode, problems: string[], detail?: string) => {
    const problemsId = `${id}-${key}-problems`;
    return (
      <li key={key} className={st.outlineEntry}>
        <button
          type="button"
          className={st.fileButton}
          aria-current={sameItem(item, selected) ? 'true' : undefined}
          aria-describedby={problems.length > 0 ? problemsId : undefined}
          onClick={() => onSelect(item)}
        >
          {label}
        </button>
        {detail ? <p className={a.small}>{detail}</p> : null}
        {problems.length > 0 ? (
          <ul id={problemsId} className={st.problems} aria-label="Problems">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : null}
      </li>
    );
  };
  return (
    <nav aria-label="Course outline" className={s.stack}>
      <ul className={s.list}>
        {entry(
          'settings',
          { kind: 'settings' },
          'Course settings',
          outline.settingsProblems,
          `Pre-assessment: ${drawWords(outline.quizzes.preAssessment)}. Final quiz: ${drawWords(outline.quizzes.finalQuiz)}.`,
        )}
      </ul>
      {outline.modules.length === 0 ? <p className={s.muted}>No modules yet.</p> : null}
      {outline.modules.map((m) => (
        <div key={m.id} className={st.outlineModule}>
          <h3 id={`${id}-module-${m.id}`} className={st.outlineHeading}>
            {moduleLabel(m)}
          </h3>
          {m.problems.length > 0 ? (
            <ul className={st.problems} aria-label={`Problems of ${moduleLabel(m)}`}>
              {m.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
          <ol className={s.list} aria-label={`Lessons of Module ${m.id}`}>
            {m.lessons.map((l, i) =>
              entry(
                `lesson-${m.id}-${i}`,
                { kind: 'lesson', module: m.id, lesson: i },
                `Lesson ${i + 1}: ${l.title}`,
                l.problems,
              ),
            )}
          </ol>
          {m.lessons.length === 0 ? (
            <ul className={s.list}>
              {entry(
                `lesson-${m.id}-none`,
                { kind: 'lesson', module: m.id, lesson: 0 },
                <>
                  Write the first lesson<span className={s.visuallyHidden}> of Module {m.id}</span>
                </>,
                [],
              )}
            </ul>
          ) : null}
          <ul className={s.list}>
            {entry(
              `questions-${m.id}`,
              { kind: 'questions', module: m.id },
              <>
                Questions<span className={s.visuallyHidden}> of Module {m.id}</span>
              </>,
              [],
              `${m.preAssessment} pre-assessment, ${m.finalQuiz} final quiz. ${
                m.testOut === null ? 'No test-out.' : `Test-out at ${m.testOut}%.`
              }`,
            )}
          </ul>
        </div>
      ))}
      {moduleActions}
      <div className={st.outlineModule}>
        <h3 id={`${id}-images`} className={st.outlineHeading}>
          Images
        </h3>
        {outline.images.length === 0 ? <p className={s.muted}>No images yet.</p> : null}
        <ul className={s.list}>
          {outline.images.map((image) =>
            entry(
              image.path,
              { kind: 'image', path: image.path },
              imageLabel(outline, image.path),
              [],
              image.usedIn.length === 0
                ? 'Not used in any lesson.'
                : `Used in ${image.usedIn.map((u) => `Lesson ${u.lesson + 1} of Module ${u.module}`).join(', ')}.`,
            ),
          )}
        </ul>
      </div>
    </nav>
  );
}
