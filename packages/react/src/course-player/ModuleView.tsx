import {
  completedLessonIds,
  initialLessonIndex,
  lessonTab,
  moduleCompletionTarget,
  moduleStatus,
  percent,
} from '@coursekit/core';
import * as Tabs from '@radix-ui/react-tabs';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from '../provider/navigation';
import { useCourseContext } from '../provider/useCourseAdapter';
import { useLessons, useModules, useProgress } from '../queries/courseQueries';
import { useSetLessonCompleted } from '../queries/progressMutations';
import { formatString } from '../strings/formatString';
import { playerStrings } from '../strings/playerStrings';
import { lessonTabText } from '../strings/ruleTexts';
import { useStrings } from '../strings/useStrings';
import { ProgressBar } from '../ui/ProgressBar';
import { ErrorState, isUnauthorized, SignInPrompt, Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';
import { preloadToasts, useToast } from '../ui/toast';
import { LessonContent } from './LessonContent';

// The completion dialog loads when a module is completed (its download starts with Mark Complete),
// so the lesson screen does not carry the dialog's code.
const loadCompletedDialog = () => import('./ModuleCompletedDialog');
const ModuleCompletedDialog = lazy(() =>
  loadCompletedDialog().then((m) => ({ default: m.ModuleCompletedDialog })),
);

/** learner §2 /module/{id}: a module's lessons as tabs, Mark Complete, and the completion dialog. */
export function ModuleView({ moduleId, initialLessonId }: { moduleId: number; initialLessonId?: number }) {
  const navigate = useNavigate();
  const { progressLimiter } = useCourseContext();
  const toast = useToast();
  const t = useStrings(playerStrings);
  const modules = useModules();
  const module = modules.data?.find((m) => m.id === moduleId);
  const lessons = useLessons(moduleId, modules.isSuccess && module !== undefined);
  const progress = useProgress();
  const mark = useSetLessonCompleted();
  const [index, setIndex] = useState<number | null>(null);
  // null until the module is completed here; then the dialog stays mounted, open or closed.
  const [dialogOpen, setDialogOpen] = useState<boolean | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Previous, Next and the advance after Mark Complete move focus to the new lesson's heading; arrow
  // keys in the tab list keep focus in the tab list, as a tab list should.
  const focusHeading = useRef(false);
  const step = (next: number) => {
    focusHeading.current = true;
    setIndex(next);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the lesson changes
  useEffect(() => {
    if (focusHeading.current) headingRef.current?.focus();
    focusHeading.current = false;
  }, [index]);

  const done = useMemo(
    () => completedLessonIds(lessons.data ?? [], progress.data?.records ?? []),
    [lessons.data, progress.data],
  );

  // learner §4: open on the first incomplete lesson, or the last when all are complete.
  useEffect(() => {
    if (index === null && lessons.data && progress.data) {
      // A link to one lesson (/lesson/{module}/{lesson}) opens it; otherwise learner §4's rule.
      const linked = lessons.data.findIndex((l) => l.id === initialLessonId);
      setIndex(linked >= 0 ? linked : initialLessonIndex(lessons.data, done));
    }
  }, [index, lessons.data, progress.data, done, initialLessonId]);

  // learner §2: an unknown module id goes to /modules.
  const unknown = modules.isSuccess && !module;
  useEffect(() => {
    if (unknown) navigate('/modules');
  }, [unknown, navigate]);

  const error = modules.error ?? lessons.error ?? progress.error;
  if (isUnauthorized(error)) return <SignInPrompt message={t.sessionExpired} />;
  if (error) {
    return (
      <ErrorState
        error={error}
        title={t.moduleLoadFailed}
        retryLabel={t.retry}
        onRetry={() => {
          void modules.refetch();
          void lessons.refetch();
          void progress.refetch();
        }}
      />
    );
  }
  if (unknown) return <p className={s.text}>{t.moduleNotFound}</p>;
  if (!module || !lessons.data || !progress.data || index === null) return <Skeletons count={1} />;
  if (lessons.data.length === 0) {
    return (
      <div className={s.card} role="alert">
        <h2 className={s.subheading}>{t.noLessonsTitle}</h2>
        <p className={s.muted}>{t.noLessonsBody}</p>
        <div>
          <button type="button" className={s.button.secondary} onClick={() => void lessons.refetch()}>
            {t.retry}
          </button>
        </div>
      </div>
    );
  }

  const list = lessons.data;
  const lesson = list[Math.min(index, list.length - 1)]!;
  const completedHere = list.filter((l) => done.has(l.id)).length;
  const isDone = done.has(lesson.id);
  const target = moduleCompletionTarget(moduleId, progress.data.summary, modules.data ?? []);
  const moduleProgress = progress.data.summary.modules.find((m) => m.moduleId === moduleId);
  // Tested out of in the pre-assessment: every lesson stays open to read; the page says so.
  const testedOut = moduleProgress !== undefined && moduleStatus(moduleProgress) === 'testedOut';

  async function markComplete() {
    preloadToasts();
    if (list.filter((l) => !done.has(l.id)).length === 1) void loadCompletedDialog();
    // One browser holds one learner's session, so the lesson key is the spec's "user and lesson".
    if (!progressLimiter.attempt(lesson.lesson_key).allowed) {
      toast({ title: t.progressRateLimited, variant: 'error' });
      return;
    }
    try {
      const state = await mark.mutateAsync({ lessonKey: lesson.lesson_key, completed: true });
      toast({ title: t.lessonCompletedToast });
      const nowDone = completedLessonIds(list, state.records);
      if (list.every((l) => nowDone.has(l.id))) setDialogOpen(true);
      else if (index! < list.length - 1) step(index! + 1);
    } catch {
      toast({ title: t.lessonCompleteFailed, variant: 'error' });
    }
  }

  return (
    <div className={s.stack}>
      <header className={s.stack}>
        <h2 className={s.heading}>{module.name}</h2>
        <p className={s.muted}>{module.description}</p>
        <ProgressBar
          value={percent(completedHere, list.length)}
          label={formatString(t.moduleProgressBar, { module: module.name })}
        />
        <p className={s.muted}>
          {formatString(t.moduleLessonsCompleted, { completed: completedHere, total: list.length })}
          {testedOut ? (
            <>
              {' '}
              <span className={s.badge.success}>{t.testedOut}</span>
            </>
          ) : null}
        </p>
      </header>

      <Tabs.Root value={String(index)} onValueChange={(value) => setIndex(Number(value))} className={s.stack}>
        <Tabs.List className={s.tabList} aria-label={t.lessonTabs}>
          {list.map((l, i) => (
            <Tabs.Trigger key={l.id} value={String(i)} className={s.tab}>
              {lessonTabText(t, lessonTab(i))}
              {done.has(l.id) ? (
                <span className={s.completedMark}>
                  {' '}
                  ✓<span className={s.visuallyHidden}> {t.lessonCompletedMark}</span>
                </span>
              ) : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value={String(index)} className={s.stack}>
          <h3 className={s.subheading} ref={headingRef} tabIndex={-1}>
            {lesson.title}
          </h3>
          <LessonContent html={lesson.content} />
        </Tabs.Content>
      </Tabs.Root>

      <div className={s.spread}>
        <button
          type="button"
          className={s.button.secondary}
          disabled={index === 0}
          onClick={() => step(index - 1)}
        >
          {t.previous}
        </button>
        <button
          type="button"
          className={s.button.primary}
          disabled={isDone || mark.isPending}
          onClick={() => void markComplete()}
        >
          {isDone ? t.lessonCompleted : t.markComplete}
        </button>
        <button
          type="button"
          className={s.button.secondary}
          disabled={index >= list.length - 1}
          onClick={() => step(index + 1)}
        >
          {t.next}
        </button>
      </div>

      {dialogOpen === null ? null : (
        <Suspense fallback={null}>
          <ModuleCompletedDialog
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            moduleName={module.name}
            onContinue={() => {
              setDialogOpen(false);
              navigate(target.path || '/progress');
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
