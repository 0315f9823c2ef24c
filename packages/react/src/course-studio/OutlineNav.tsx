import {
  imageLabel,
  lessonRemoveEffect,
  lessonRemoveWarning,
  type StudioOutline,
  type StudioOutlineModule,
} from '@coursekit/core';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import { MoveLessonDialog, type PendingMove } from './MoveLessonDialog';
import { OutlineActions } from './OutlineActions';
import * as st from './studio.css';
import type { OutlineAction, useOutlineEdits } from './useOutlineEdits';

// The course's outline as the author navigates it: the settings, each module with its lessons in
// order, its questions and its test-out threshold, then the images and where each is used. What
// would block or surprise at publish is said beside the item, and read with it.

/** One item of the outline. */
export type OutlineItem =
  | { kind: 'settings' }
  | { kind: 'lesson'; module: number; lesson: number }
  | { kind: 'questions'; module: number }
  | { kind: 'image'; path: string }
  | { kind: 'library' };

const sameItem = (x: OutlineItem, y: OutlineItem) => JSON.stringify(x) === JSON.stringify(y);

/** A module as its heading names it. */
export const moduleLabel = (m: Pick<StudioOutlineModule, 'id' | 'name'>) =>
  m.name && m.name !== `Module ${m.id}` ? `Module ${m.id}: ${m.name}` : `Module ${m.id}`;

const drawWords = ({ bank, draw }: { bank: number; draw: number | null }) =>
  draw === null ? `all ${bank} of its bank` : `${draw} of ${bank} per attempt`;

export interface OutlineNavProps {
  outline: StudioOutline;
  selected: OutlineItem;
  onSelect: (item: OutlineItem) => void;
  /** The actions on modules and lessons (none: the outline only navigates). */
  edits?: ReturnType<typeof useOutlineEdits>;
}

const REMOVE_MODULE =
  'The module, its lessons and its questions go from the draft. Learners keep them until the next publish.';

export function OutlineNav({ outline, selected, onSelect, edits }: OutlineNavProps) {
  const id = useId();
  const nav = useRef<HTMLElement>(null);
  // After an action moves an item, the focus goes back to the same button at the item's new place.
  const focusAfter = useRef<{ key: string; action: OutlineAction | 'select' | 'move' } | null>(null);
  const [dragging, setDragging] = useState<{ module: number; lesson: number } | null>(null);
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);
  const restoreFocus = () => {
    const want = focusAfter.current;
    if (!want || !nav.current) return;
    const item = nav.current.querySelector<HTMLElement>(`[data-item="${want.key}"]`);
    const button = item?.querySelector<HTMLButtonElement>(`[data-action="${want.action}"]`);
    // An action's buttons show once the moved item is the selected one: wait for them.
    if (!item || (want.action !== 'select' && !button)) return;
    focusAfter.current = null;
    (button && !button.disabled ? button : item.querySelector<HTMLButtonElement>('button'))?.focus();
  };
  useEffect(restoreFocus);

  const lessonAction = (module: number, lesson: number, action: OutlineAction) => {
    if (!edits) return;
    const to =
      action === 'up'
        ? lesson - 1
        : action === 'down'
          ? lesson + 1
          : action === 'duplicate'
            ? lesson + 1
            : Math.max(0, lesson - 1);
    focusAfter.current = { key: `lesson-${module}-${to}`, action: action === 'remove' ? 'up' : action };
    edits.lessonAction(module, lesson, action);
  };
  const moduleAction = (module: number, action: OutlineAction) => {
    if (!edits) return;
    if (action !== 'remove') focusAfter.current = { key: `module-${module}`, action };
    edits.moduleAction(module, action);
  };

  /** An outline entry: its button, and its problems beside it (read as its description). */
  const entry = (
    key: string,
    item: OutlineItem,
    label: ReactNode,
    problems: string[],
    extra?: {
      detail?: string;
      actions?: ReactNode;
      lesson?: { module: number; index: number; count: number };
    },
  ) => {
    const problemsId = `${id}-${key}-problems`;
    const current = sameItem(item, selected);
    const lesson = extra?.lesson;
    const onKeyDown = (e: KeyboardEvent) => {
      if (!lesson || !e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
      e.preventDefault();
      const to = lesson.index + (e.key === 'ArrowUp' ? -1 : 1);
      if (to < 0 || to >= lesson.count) return;
      focusAfter.current = { key: `lesson-${lesson.module}-${to}`, action: 'select' };
      edits?.moveLessonTo(lesson.module, lesson.index, to);
    };
    return (
      <li
        key={key}
        data-item={key}
        className={st.outlineEntry}
        data-dragging={
          lesson && dragging?.module === lesson.module && dragging.lesson === lesson.index
            ? 'true'
            : undefined
        }
        draggable={lesson && edits ? true : undefined}
        onDragStart={lesson ? () => setDragging({ module: lesson.module, lesson: lesson.index }) : undefined}
        onDragEnd={lesson ? () => setDragging(null) : undefined}
        onDragOver={(e) => {
          if (lesson && dragging) e.preventDefault();
        }}
        onDrop={(e) => {
          if (!lesson || !dragging) return;
          e.preventDefault();
          // Within its module a lesson moves at once; into another one the author confirms first.
          if (dragging.module === lesson.module)
            edits?.moveLessonTo(lesson.module, dragging.lesson, lesson.index);
          else setPendingMove({ ...dragging, target: lesson.module, to: lesson.index });
          setDragging(null);
        }}
      >
        <button
          type="button"
          className={st.fileButton}
          aria-current={current ? 'true' : undefined}
          aria-describedby={problems.length > 0 ? problemsId : undefined}
          aria-keyshortcuts={lesson && edits ? 'Alt+ArrowUp Alt+ArrowDown' : undefined}
          onClick={() => {
            focusAfter.current = null;
            onSelect(item);
          }}
          onKeyDown={onKeyDown}
        >
          {label}
        </button>
        {extra?.detail ? <p className={a.small}>{extra.detail}</p> : null}
        {problems.length > 0 ? (
          <ul id={problemsId} className={st.problems} aria-label="Problems">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : null}
        {current ? extra?.actions : null}
      </li>
    );
  };
  return (
    <nav aria-label="Course outline" className={s.stack} ref={nav}>
      <ul className={s.list}>
        {entry('settings', { kind: 'settings' }, 'Course settings', outline.settingsProblems, {
          detail: `Pre-assessment: ${drawWords(outline.quizzes.preAssessment)}. Final quiz: ${drawWords(outline.quizzes.finalQuiz)}.`,
        })}
      </ul>
      {outline.modules.length === 0 ? <p className={s.muted}>No modules yet.</p> : null}
      {outline.modules.map((m, at) => (
        <div key={m.id} className={st.outlineModule} data-item={`module-${m.id}`}>
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
          {edits && m.listed ? (
            <OutlineActions
              item={`Module ${m.id}`}
              first={at === 0}
              last={at === outline.modules.filter((x) => x.listed).length - 1}
              removeText={REMOVE_MODULE}
              onAction={(action) => moduleAction(m.id, action)}
            />
          ) : null}
          <ol className={s.list} aria-label={`Lessons of Module ${m.id}`}>
            {m.lessons.map((l, i) =>
              entry(
                `lesson-${m.id}-${i}`,
                { kind: 'lesson', module: m.id, lesson: i },
                `Lesson ${i + 1}: ${l.title}`,
                l.problems,
                {
                  lesson: { module: m.id, index: i, count: m.lessons.length },
                  actions: edits ? (
                    <OutlineActions
                      item={`“${l.title}”`}
                      first={i === 0}
                      last={i === m.lessons.length - 1}
                      removeText={lessonRemoveWarning(lessonRemoveEffect(outline.modules, m.id, i))}
                      onAction={(action) => lessonAction(m.id, i, action)}
                      onMoveToModule={
                        outline.modules.length > 1
                          ? () => {
                              const target = outline.modules[at + 1] ?? outline.modules[at - 1]!;
                              setPendingMove({
                                module: m.id,
                                lesson: i,
                                target: target.id,
                                to: target.lessons.length,
                              });
                            }
                          : undefined
                      }
                    />
                  ) : null,
                },
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
          {edits ? (
            <div>
              <button
                type="button"
                className={`${s.button.secondary} ${a.smallButton}`}
                onClick={() => edits.addLessonTo(m.id)}
              >
                Add Lesson<span className={s.visuallyHidden}> to Module {m.id}</span>
              </button>
            </div>
          ) : null}
          <ul className={s.list}>
            {entry(
              `questions-${m.id}`,
              { kind: 'questions', module: m.id },
              <>
                Questions<span className={s.visuallyHidden}> of Module {m.id}</span>
              </>,
              [],
              {
                detail: `${m.preAssessment} pre-assessment, ${m.finalQuiz} final quiz. ${
                  m.testOut === null ? 'No test-out.' : `Test-out at ${m.testOut}%.`
                }`,
              },
            )}
          </ul>
        </div>
      ))}
      {edits ? (
        <div>
          <button type="button" className={s.button.secondary} onClick={edits.addModule}>
            Add Module
          </button>
        </div>
      ) : null}
      <MoveLessonDialog
        outline={outline}
        move={pendingMove}
        onChange={setPendingMove}
        onFocusBack={restoreFocus}
        onConfirm={(move) => {
          focusAfter.current = { key: `lesson-${move.target}-${move.to}`, action: 'select' };
          edits?.moveLessonToModule(move.module, move.lesson, move.target, move.to);
        }}
        onClose={(confirmed) => {
          if (!confirmed && pendingMove)
            focusAfter.current = {
              key: `lesson-${pendingMove.module}-${pendingMove.lesson}`,
              action: 'move',
            };
          setPendingMove(null);
        }}
      />
      <p className={s.visuallyHidden} aria-live="polite">
        {edits?.announcement}
      </p>
      {edits?.error ? (
        <p className={a.fieldError} role="alert">
          {edits.error}
        </p>
      ) : null}
      <div className={st.outlineModule}>
        <h3 className={st.outlineHeading}>Images</h3>
        <ul className={s.list}>
          {entry('library', { kind: 'library' }, 'Media Library', [], {
            detail:
              outline.images.length === 0
                ? 'No images yet: upload one here.'
                : 'Upload, place and replace images; see which need attention.',
          })}
        </ul>
        <ul className={s.list}>
          {outline.images.map((image) =>
            entry(image.path, { kind: 'image', path: image.path }, imageLabel(outline, image.path), [], {
              detail:
                image.usedIn.length === 0
                  ? 'Not used in any lesson.'
                  : `Used in ${image.usedIn.map((u) => `Lesson ${u.lesson + 1} of Module ${u.module}`).join(', ')}.`,
            }),
          )}
        </ul>
      </div>
    </nav>
  );
}
