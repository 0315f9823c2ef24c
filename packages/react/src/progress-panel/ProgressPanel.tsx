import type { QuizListItem } from '@coursekit/core';
import { useNavigate, useWidgetRoute } from '../provider/navigation';
import { resultsPath } from '../provider/routes';
import { useModules, useProgress, useQuizList } from '../queries/courseQueries';
import { useResetProgress } from '../queries/progressMutations';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ProgressBar } from '../ui/ProgressBar';
import { ErrorState, isUnauthorized, SignInPrompt, Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';
import { useToast } from '../ui/toast';
import { WidgetRoot } from '../ui/WidgetRoot';
import { ModuleProgressRow } from './ModuleProgressRow';

const ownsNothing = () => false;

/** learner §2 /progress: course progress, assessments, quizzes and the module rows with their rules. */
/** ProgressPanel takes no props: it shows the signed-in learner's progress. */
export type ProgressPanelProps = Record<string, never>;

export function ProgressPanel(_props: ProgressPanelProps = {}) {
  return (
    <WidgetRoot label="Your progress">
      <Panel />
    </WidgetRoot>
  );
}

function Panel() {
  // Every button leads to another screen: the host's router or the enclosing CoursePlayer.
  useWidgetRoute('/progress', ownsNothing);
  const navigate = useNavigate();
  const toast = useToast();
  const progress = useProgress();
  const modules = useModules();
  const quizzes = useQuizList();
  const reset = useResetProgress();

  const error = progress.error ?? modules.error;
  if (isUnauthorized(error)) return <SignInPrompt message="Please sign in to view your progress." />;
  if (error) {
    return (
      <ErrorState
        error={error}
        onRetry={() => {
          void progress.refetch();
          void modules.refetch();
        }}
      />
    );
  }
  if (!progress.data || !modules.data) return <Skeletons count={3} label="Loading progress" />;

  const { summary } = progress.data;
  const pre = quizzes.data?.find((q) => q.quiz.kind === 'pre_assessment');
  const courseQuizzes = quizzes.data?.filter((q) => q.quiz.kind === 'course') ?? [];
  const remaining = summary.totalLessons - summary.completedLessons;

  async function resetCourse() {
    try {
      await reset.mutateAsync();
      toast({ title: 'Your progress has been reset. You can start the course again!' });
    } catch (e) {
      toast({
        title: 'Error',
        description: `Failed to reset progress: ${(e as Error).message}. Please try again.`,
        variant: 'error',
      });
    }
  }

  return (
    <div className={s.stack}>
      <h2 className={s.heading}>Your Progress</h2>

      <section className={s.card} aria-labelledby="ck-course-progress">
        <div className={s.spread}>
          <h3 id="ck-course-progress" className={s.subheading}>
            Course Progress
          </h3>
          <span className={summary.courseComplete ? s.badge.success : s.badge.info}>
            {summary.courseComplete ? 'Complete' : 'In Progress'}
          </span>
        </div>
        <ProgressBar value={summary.progressPercentage} label="Course progress" />
        <p className={s.text}>
          {summary.completedLessons} of {summary.totalLessons} lessons completed ({summary.progressPercentage}
          %)
        </p>
        <p className={s.muted}>
          Completed: {summary.completedLessons} · Remaining: {remaining}
        </p>
        {summary.courseComplete ? (
          <>
            <p className={s.text}>Congratulations! You have completed the course.</p>
            <div className={s.row}>
              <button type="button" className={s.button.primary} onClick={() => navigate('/course')}>
                Review Course
              </button>
              <ConfirmDialog
                trigger={
                  <button type="button" className={s.button.secondary}>
                    Reset Course
                  </button>
                }
                title="Reset Course"
                description="This deletes all of your lesson progress and quiz attempts. You can start the course again afterwards."
                confirmLabel="Reset Course"
                onConfirm={() => void resetCourse()}
              />
            </div>
          </>
        ) : (
          <div>
            {summary.hasStarted ? (
              <button
                type="button"
                className={s.button.primary}
                onClick={() => navigate(summary.nextModuleId ? `/module/${summary.nextModuleId}` : '/course')}
              >
                Continue Learning
              </button>
            ) : (
              <button type="button" className={s.button.primary} onClick={() => navigate('/course')}>
                Start Learning
              </button>
            )}
          </div>
        )}
      </section>

      <div className={s.grid}>
        <section className={s.card} aria-labelledby="ck-pre-results">
          <h3 id="ck-pre-results" className={s.subheading}>
            Pre-Assessment Results
          </h3>
          {pre?.summary.hasAttempted ? (
            <p className={s.text}>
              Best score: {Math.round(pre.summary.bestPercentage)}%{' '}
              <span className={summary.preAssessmentPassed ? s.badge.success : s.badge.danger}>
                {summary.preAssessmentPassed ? 'Passed' : 'Not Passed'}
              </span>
            </p>
          ) : (
            <p className={s.muted}>Not taken yet.</p>
          )}
          <div>
            {summary.preAssessmentPassed && pre ? (
              <button
                type="button"
                className={s.button.secondary}
                onClick={() => navigate(resultsPath(pre.quiz.id))}
              >
                View Results
              </button>
            ) : (
              <button type="button" className={s.button.secondary} onClick={() => navigate('/assessment')}>
                Take Assessment
              </button>
            )}
          </div>
        </section>
        {courseQuizzes.map((item) => (
          <QuizProgressCard key={item.quiz.id} item={item} />
        ))}
      </div>

      <section className={s.stack} aria-labelledby="ck-module-progress">
        <h3 id="ck-module-progress" className={s.subheading}>
          Module Progress
        </h3>
        <ul className={s.list}>
          {modules.data.map((m) => {
            const p = summary.modules.find((x) => x.moduleId === m.id);
            return p ? (
              <ModuleProgressRow
                key={m.id}
                module={m}
                progress={p}
                summary={summary}
                modules={modules.data}
              />
            ) : null;
          })}
        </ul>
      </section>
    </div>
  );
}

function QuizProgressCard({ item }: { item: QuizListItem }) {
  const navigate = useNavigate();
  const { quiz, summary } = item;
  return (
    <section className={s.card} aria-label={`${quiz.title} progress`}>
      <h3 className={s.subheading}>{quiz.title}</h3>
      <p className={s.muted}>
        {quiz.total_questions} questions · {quiz.passing_score}% to pass
      </p>
      {summary.hasAttempted ? (
        <p className={s.text}>
          Best score: {Math.round(summary.bestPercentage)}% · Attempts: {summary.totalAttempts} · Last
          attempt: {new Date(summary.lastAttemptDate!).toLocaleDateString()}
        </p>
      ) : (
        <p className={s.muted}>No attempts yet.</p>
      )}
      <div className={s.row}>
        <button type="button" className={s.button.primary} onClick={() => navigate('/quizzes')}>
          {summary.hasAttempted ? 'Retake' : 'Take Quiz'}
        </button>
        {summary.hasAttempted ? (
          <button type="button" className={s.button.secondary} onClick={() => navigate(resultsPath(quiz.id))}>
            View Results
          </button>
        ) : null}
      </div>
    </section>
  );
}
