import { lazy, Suspense, useCallback, useState } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import type { CourseStudioProps } from './CourseStudio';
import { DraftOutline } from './DraftOutline';
import { Review } from './Review';
import { StudioLoading } from './StudioLoading';
import { useLoad } from './useLoad';

// One course open in the studio: its outline, its files as the Source view, its review and its
// history, one pane at a time.

type Pane = 'outline' | 'source' | 'review' | 'history';

// What an author opens only sometimes loads when first opened: the files (Source) and the history.
const DraftFiles = lazy(() => import('./DraftFiles').then((m) => ({ default: m.DraftFiles })));
const History = lazy(() => import('./History').then((m) => ({ default: m.History })));

export function CourseWorkspace({
  studio,
  canPublish,
  copies,
  saveDelayMs = 800,
  course,
  onBack,
}: CourseStudioProps & { course: string; onBack: () => void }) {
  const [pane, setPane] = useState<Pane>('outline');
  // Each press of a pane's button shows it afresh: the review and history read the server again.
  const [visit, setVisit] = useState(0);
  const load = useCallback(() => studio.draft(course), [studio, course]);
  const draft = useLoad(load);
  const local = copies ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  return (
    <>
      <div className={s.spread}>
        <h2 className={s.heading}>{course}</h2>
        <button type="button" className={s.button.secondary} onClick={onBack}>
          All Courses
        </button>
      </div>
      <nav aria-label="Studio" className={s.row}>
        {(
          [
            ['outline', 'Outline'],
            ['source', 'Source'],
            ['review', canPublish ? 'Review & Publish' : 'Review'],
            ['history', 'History'],
          ] as const
        ).map(([key, label]) => (
          <button
            key={key}
            type="button"
            className={pane === key ? s.button.primary : s.button.secondary}
            aria-current={pane === key ? 'page' : undefined}
            onClick={() => {
              setPane(key);
              setVisit((n) => n + 1);
              if (key === 'outline' || key === 'source') draft.reload();
            }}
          >
            {label}
          </button>
        ))}
      </nav>
      {draft.error ? (
        <p className={a.fieldError} role="alert">
          {draft.error}
        </p>
      ) : null}
      {pane === 'outline' && draft.data && !draft.loading ? (
        <DraftOutline
          key={draft.loads}
          studio={studio}
          draft={draft.data}
          copies={local}
          saveDelayMs={saveDelayMs}
        />
      ) : null}
      {(pane === 'outline' || pane === 'source') && draft.loading ? (
        <p className={s.muted} role="status" aria-busy="true">
          Loading the course...
        </p>
      ) : null}
      {pane === 'source' && draft.data && !draft.loading ? (
        // Each load of the draft starts the file list afresh (its revisions are the server's now).
        <Suspense fallback={<StudioLoading what="the Source view" />}>
          <DraftFiles
            key={draft.loads}
            studio={studio}
            draft={draft.data}
            copies={local}
            saveDelayMs={saveDelayMs}
          />
        </Suspense>
      ) : null}
      {pane === 'review' ? (
        <Review key={visit} studio={studio} course={course} canPublish={canPublish} />
      ) : null}
      {pane === 'history' ? (
        <Suspense fallback={<StudioLoading what="the history" />}>
          <History key={visit} studio={studio} course={course} canPublish={canPublish} />
        </Suspense>
      ) : null}
    </>
  );
}
