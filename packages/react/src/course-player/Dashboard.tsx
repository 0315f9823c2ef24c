import { formatDuration, learnerScoreColor, moduleDurationMinutes, type QuizListItem } from '@coursekit/core';
import { useNavigate } from '../provider/navigation';
import { resultsPath } from '../provider/routes';
import { useCertificate, useModules, useOutline, useProgress, useQuizList } from '../queries/courseQueries';
import { FormattedText } from '../strings/FormattedText';
import { formatString } from '../strings/formatString';
import { playerStrings } from '../strings/playerStrings';
import { useStrings } from '../strings/useStrings';
import { Card, Section } from '../ui/Card';
import { ProgressBar } from '../ui/ProgressBar';
import { ErrorState, isUnauthorized, SignInPrompt, Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';
import { CertificateDownload } from './CertificateDownload';
import { ModuleCard } from './ModuleCard';

export interface DashboardProps {
  /** Replaces the course's own title (its outline's). */
  title?: string;
  /** Replaces the course's own description. */
  description?: string;
}

/** learner §2 /course: the course at a glance, and the way in. */
export function Dashboard({ title, description }: DashboardProps) {
  const navigate = useNavigate();
  const t = useStrings(playerStrings);
  const progress = useProgress();
  const modules = useModules();
  const outline = useOutline();
  const quizzes = useQuizList();
  const summary = progress.data?.summary;
  const certificate = useCertificate(summary?.courseComplete === true);

  const error = progress.error ?? modules.error ?? outline.error;
  if (isUnauthorized(error)) return <SignInPrompt message={t.sessionExpired} />;
  if (error) {
    return (
      <ErrorState
        error={error}
        onRetry={() => {
          void progress.refetch();
          void modules.refetch();
          void outline.refetch();
        }}
      />
    );
  }
  if (!summary || !modules.data || !outline.data) return <Skeletons />;
  const course = outline.data;

  const pre = quizzes.data?.find((q) => q.quiz.kind === 'pre_assessment');
  const courseQuizzes = quizzes.data?.filter((q) => q.quiz.kind === 'course' && q.summary.hasAttempted) ?? [];
  const nextModuleId = summary.nextModuleId ?? 1;

  return (
    <div className={s.stack}>
      <header className={s.stack}>
        <h2 className={s.heading}>{title ?? course.title}</h2>
        <p className={s.muted}>{description ?? course.description}</p>
        <p className={s.muted}>{formatString(t.estimatedTime, { time: course.estimated_time })}</p>
      </header>

      <Card title={t.overallProgress}>
        <ProgressBar value={summary.progressPercentage} label={t.overallProgressBar} />
        <p className={s.muted}>
          {formatString(t.courseLessonsCompleted, {
            completed: summary.completedLessons,
            total: summary.totalLessons,
            percent: summary.progressPercentage,
          })}
        </p>
      </Card>

      {summary.courseComplete && certificate.data ? (
        <Card title={t.certificateTitle}>
          <p className={s.text}>
            {formatString(t.certificateHolder, {
              learner: certificate.data.learner_name,
              course: certificate.data.course_title,
            })}
          </p>
          <p className={s.muted}>{formatString(t.certificateCode, { code: certificate.data.code })}</p>
          <CertificateDownload code={certificate.data.code} />
        </Card>
      ) : null}

      <div className={s.grid}>
        {summary.isComplete && !summary.quizPassed ? (
          <Card title={t.finalQuizTitle}>
            <p className={s.muted}>{t.finalQuizBody}</p>
            <div>
              <button type="button" className={s.button.primary} onClick={() => navigate('/quizzes')}>
                {t.finalQuizButton}
              </button>
            </div>
          </Card>
        ) : (
          <Card title={summary.hasStarted ? t.continueLearning : t.gettingStarted}>
            <p className={s.muted}>
              {summary.hasStarted
                ? formatString(t.modulePickUp, { module: nextModuleId })
                : formatString(t.courseBegin, {
                    number: modules.data[0]?.id ?? nextModuleId,
                    name: modules.data[0]?.name ?? '',
                  })}
            </p>
            <div>
              <button
                type="button"
                className={s.button.primary}
                onClick={() => navigate(`/module/${nextModuleId}`)}
              >
                {summary.hasStarted ? t.continueLearning : t.startLearning}
              </button>
            </div>
          </Card>
        )}

        <Card title={t.preAssessmentResults}>
          {pre?.summary.hasAttempted ? (
            <>
              <p className={s.text}>
                <BestScore percent={pre.summary.bestPercentage} />
              </p>
              <div>
                <button
                  type="button"
                  className={s.button.secondary}
                  onClick={() => navigate(resultsPath(pre.quiz.id))}
                >
                  {t.viewResults}
                </button>
              </div>
            </>
          ) : (
            <>
              <p className={s.muted}>
                {formatString(t.preAssessmentInvite, { time: course.pre_assessment_time })}
              </p>
              <div>
                <button type="button" className={s.button.secondary} onClick={() => navigate('/assessment')}>
                  {t.takeAssessment}
                </button>
              </div>
            </>
          )}
        </Card>

        {courseQuizzes.map((item) => (
          <QuizResultCard key={item.quiz.id} item={item} />
        ))}
      </div>

      <Section title={t.modulesHeading}>
        <ul className={s.list}>
          {modules.data.map((m) => {
            const p = summary.modules.find((x) => x.moduleId === m.id);
            return (
              <ModuleCard
                key={m.id}
                module={m}
                progress={p}
                level={4}
                aside={formatDuration(moduleDurationMinutes(m))}
                detail={formatString(t.modulePercentComplete, { percent: p?.progressPercentage ?? 0 })}
                emphasis="secondary"
              />
            );
          })}
        </ul>
      </Section>
    </div>
  );
}

function QuizResultCard({ item }: { item: QuizListItem }) {
  const navigate = useNavigate();
  const t = useStrings(playerStrings);
  const { quiz, summary } = item;
  return (
    <section className={s.card} aria-label={formatString(t.quizResultsCard, { quiz: quiz.title })}>
      <h3 className={s.subheading}>{quiz.title}</h3>
      <p className={s.text}>
        <BestScore percent={summary.bestPercentage} />{' '}
        <span className={summary.passed ? s.badge.success : s.badge.info}>
          {summary.passed ? t.passed : t.inProgress}
        </span>
      </p>
      <div className={s.row}>
        <button type="button" className={s.button.secondary} onClick={() => navigate('/quizzes')}>
          {t.goToQuizzes}
        </button>
        <button type="button" className={s.button.secondary} onClick={() => navigate(resultsPath(quiz.id))}>
          {t.viewResults}
        </button>
      </div>
    </section>
  );
}

/** The learner's best score in a quiz, coloured by how it stands. */
function BestScore({ percent }: { percent: number }) {
  const t = useStrings(playerStrings);
  return (
    <FormattedText
      template={t.bestScore}
      values={{
        score: <span className={s.score[learnerScoreColor(percent)]}>{Math.round(percent)}%</span>,
      }}
    />
  );
}
