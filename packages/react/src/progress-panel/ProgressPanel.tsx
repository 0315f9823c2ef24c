import type { QuizListItem } from '@coursekit/core';
import { useNavigate, useWidgetRoute } from '../provider/navigation';
import { resultsPath } from '../provider/routes';
import { useModules, useProgress, useQuizList } from '../queries/courseQueries';
import { useResetProgress } from '../queries/progressMutations';
import { formatDate } from '../strings/formatDate';
import { formatString } from '../strings/formatString';
import { progressStrings } from '../strings/progressStrings';
import { useLang } from '../strings/useLang';
import { useStrings } from '../strings/useStrings';
import { Card, Section } from '../ui/Card';
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
  const t = useStrings(progressStrings);
  return (
    <WidgetRoot label={t.progressPanelLabel}>
      <Panel />
    </WidgetRoot>
  );
}

function Panel() {
  // Every button leads to another screen: the host's router or the enclosing CoursePlayer.
  useWidgetRoute('/progress', ownsNothing);
  const navigate = useNavigate();
  const toast = useToast();
  const t = useStrings(progressStrings);
  const progress = useProgress();
  const modules = useModules();
  const quizzes = useQuizList();
  const reset = useResetProgress();

  const error = progress.error ?? modules.error;
  if (isUnauthorized(error)) return <SignInPrompt message={t.progressSignIn} />;
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
  if (!progress.data || !modules.data) return <Skeletons count={3} label={t.loadingProgress} />;

  const { summary } = progress.data;
  const pre = quizzes.data?.find((q) => q.quiz.kind === 'pre_assessment');
  const courseQuizzes = quizzes.data?.filter((q) => q.quiz.kind === 'course') ?? [];
  const remaining = summary.totalLessons - summary.completedLessons;

  async function resetCourse() {
    try {
      await reset.mutateAsync();
      toast({ title: t.progressResetToast });
    } catch (e) {
      toast({
        title: t.errorToastTitle,
        description: formatString(t.progressResetFailed, { error: (e as Error).message }),
        variant: 'error',
      });
    }
  }

  return (
    <div className={s.stack}>
      <h2 className={s.heading}>{t.yourProgress}</h2>

      <Card
        title={t.courseProgress}
        badge={
          <span className={summary.courseComplete ? s.badge.success : s.badge.info}>
            {summary.courseComplete ? t.statusComplete : t.inProgress}
          </span>
        }
      >
        <ProgressBar value={summary.progressPercentage} label={t.courseProgressBar} />
        <p className={s.text}>
          {formatString(t.courseLessonsCompleted, {
            completed: summary.completedLessons,
            total: summary.totalLessons,
            percent: summary.progressPercentage,
          })}
        </p>
        <p className={s.muted}>
          {formatString(t.lessonsCompletedRemaining, { completed: summary.completedLessons, remaining })}
        </p>
        {summary.courseComplete ? (
          <>
            <p className={s.text}>{t.courseCompleted}</p>
            <div className={s.row}>
              <button type="button" className={s.button.primary} onClick={() => navigate('/course')}>
                {t.reviewCourse}
              </button>
              <ConfirmDialog
                trigger={
                  <button type="button" className={s.button.secondary}>
                    {t.resetCourse}
                  </button>
                }
                title={t.resetCourse}
                description={t.resetCourseBody}
                confirmLabel={t.resetCourse}
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
                {t.continueLearning}
              </button>
            ) : (
              <button type="button" className={s.button.primary} onClick={() => navigate('/course')}>
                {t.startLearning}
              </button>
            )}
          </div>
        )}
      </Card>

      <div className={s.grid}>
        <Card title={t.preAssessmentResults}>
          {pre?.summary.hasAttempted ? (
            <p className={s.text}>
              {formatString(t.bestScore, { score: `${Math.round(pre.summary.bestPercentage)}%` })}{' '}
              <span className={summary.preAssessmentPassed ? s.badge.success : s.badge.danger}>
                {summary.preAssessmentPassed ? t.passed : t.notPassed}
              </span>
            </p>
          ) : (
            <p className={s.muted}>{t.notTakenYet}</p>
          )}
          <div>
            {summary.preAssessmentPassed && pre ? (
              <button
                type="button"
                className={s.button.secondary}
                onClick={() => navigate(resultsPath(pre.quiz.id))}
              >
                {t.viewResults}
              </button>
            ) : (
              <button type="button" className={s.button.secondary} onClick={() => navigate('/assessment')}>
                {t.takeAssessment}
              </button>
            )}
          </div>
        </Card>
        {courseQuizzes.map((item) => (
          <QuizProgressCard key={item.quiz.id} item={item} />
        ))}
      </div>

      <Section title={t.moduleProgress}>
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
      </Section>
    </div>
  );
}

function QuizProgressCard({ item }: { item: QuizListItem }) {
  const navigate = useNavigate();
  const t = useStrings(progressStrings);
  const lang = useLang();
  const { quiz, summary } = item;
  return (
    <section className={s.card} aria-label={formatString(t.quizProgressCard, { quiz: quiz.title })}>
      <h3 className={s.subheading}>{quiz.title}</h3>
      <p className={s.muted}>
        {formatString(t.quizFacts, { count: quiz.total_questions, score: quiz.passing_score })}
      </p>
      {summary.hasAttempted ? (
        <p className={s.text}>
          {formatString(t.quizBestAttemptsLast, {
            score: Math.round(summary.bestPercentage),
            attempts: summary.totalAttempts,
            date: formatDate(summary.lastAttemptDate!, lang),
          })}
        </p>
      ) : (
        <p className={s.muted}>{t.noAttemptsYet}</p>
      )}
      <div className={s.row}>
        <button type="button" className={s.button.primary} onClick={() => navigate('/quizzes')}>
          {summary.hasAttempted ? t.retake : t.takeQuiz}
        </button>
        {summary.hasAttempted ? (
          <button type="button" className={s.button.secondary} onClick={() => navigate(resultsPath(quiz.id))}>
            {t.viewResults}
          </button>
        ) : null}
      </div>
    </section>
  );
}
