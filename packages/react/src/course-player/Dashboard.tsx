import {
  COURSE_TIME,
  formatDuration,
  learnerScoreColor,
  messages,
  moduleDurationMinutes,
  type QuizListItem,
} from '@coursekit/core';
import { useNavigate } from '../provider/navigation';
import { resultsPath } from '../provider/routes';
import { useCertificate, useModules, useProgress, useQuizList } from '../queries/courseQueries';
import { ProgressBar } from '../ui/ProgressBar';
import { ErrorState, isUnauthorized, SignInPrompt, Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';
import { CertificateDownload } from './CertificateDownload';

export interface DashboardProps {
  title: string;
  description: string;
}

/** learner §2 /course: the course at a glance, and the way in. */
export function Dashboard({ title, description }: DashboardProps) {
  const navigate = useNavigate();
  const progress = useProgress();
  const modules = useModules();
  const quizzes = useQuizList();
  const summary = progress.data?.summary;
  const certificate = useCertificate(summary?.courseComplete === true);

  const error = progress.error ?? modules.error;
  if (isUnauthorized(error)) return <SignInPrompt message={messages.authSessionExpired} />;
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
  if (!summary || !modules.data) return <Skeletons />;

  const pre = quizzes.data?.find((q) => q.quiz.kind === 'pre_assessment');
  const courseQuizzes = quizzes.data?.filter((q) => q.quiz.kind === 'course' && q.summary.hasAttempted) ?? [];
  const nextModuleId = summary.nextModuleId ?? 1;

  return (
    <div className={s.stack}>
      <header className={s.stack}>
        <h2 className={s.heading}>{title}</h2>
        <p className={s.muted}>{description}</p>
        <p className={s.muted}>Estimated time: {COURSE_TIME.estimated}</p>
      </header>

      <section className={s.card} aria-labelledby="ck-overall">
        <h3 id="ck-overall" className={s.subheading}>
          Overall Progress
        </h3>
        <ProgressBar value={summary.progressPercentage} label="Overall progress" />
        <p className={s.muted}>
          {summary.completedLessons} of {summary.totalLessons} lessons completed ({summary.progressPercentage}
          %)
        </p>
      </section>

      {summary.courseComplete && certificate.data ? (
        <section className={s.card} aria-labelledby="ck-certificate">
          <h3 id="ck-certificate" className={s.subheading}>
            Certificate of Completion
          </h3>
          <p className={s.text}>
            {certificate.data.learner_name} — {certificate.data.course_title}
          </p>
          <p className={s.muted}>Verification code: {certificate.data.code}</p>
          <CertificateDownload />
        </section>
      ) : null}

      <div className={s.grid}>
        {summary.isComplete && !summary.quizPassed ? (
          <section className={s.card} aria-labelledby="ck-next">
            <h3 id="ck-next" className={s.subheading}>
              Take the final quiz!
            </h3>
            <p className={s.muted}>
              You have completed every lesson. Pass the final quiz to complete the course.
            </p>
            <div>
              <button type="button" className={s.button.primary} onClick={() => navigate('/quizzes')}>
                Take Final Quiz
              </button>
            </div>
          </section>
        ) : (
          <section className={s.card} aria-labelledby="ck-next">
            <h3 id="ck-next" className={s.subheading}>
              {summary.hasStarted ? 'Continue Learning' : 'Getting Started'}
            </h3>
            <p className={s.muted}>
              {summary.hasStarted
                ? `Pick up where you left off in Module ${nextModuleId}.`
                : 'Begin with Module 1: The Language of Data.'}
            </p>
            <div>
              <button
                type="button"
                className={s.button.primary}
                onClick={() => navigate(`/module/${nextModuleId}`)}
              >
                {summary.hasStarted ? 'Continue Learning' : 'Start Learning'}
              </button>
            </div>
          </section>
        )}

        <section className={s.card} aria-labelledby="ck-pre">
          <h3 id="ck-pre" className={s.subheading}>
            Pre-Assessment Results
          </h3>
          {pre?.summary.hasAttempted ? (
            <>
              <p className={s.text}>
                Best score:{' '}
                <span className={s.score[learnerScoreColor(pre.summary.bestPercentage)]}>
                  {Math.round(pre.summary.bestPercentage)}%
                </span>
              </p>
              <div>
                <button
                  type="button"
                  className={s.button.secondary}
                  onClick={() => navigate(resultsPath(pre.quiz.id))}
                >
                  View Results
                </button>
              </div>
            </>
          ) : (
            <>
              <p className={s.muted}>
                Check what you already know ({COURSE_TIME.preAssessment}, no time limit).
              </p>
              <div>
                <button type="button" className={s.button.secondary} onClick={() => navigate('/assessment')}>
                  Take Assessment
                </button>
              </div>
            </>
          )}
        </section>

        {courseQuizzes.map((item) => (
          <QuizResultCard key={item.quiz.id} item={item} />
        ))}
      </div>

      <section className={s.stack} aria-labelledby="ck-modules">
        <h3 id="ck-modules" className={s.subheading}>
          Modules
        </h3>
        <ul className={s.list}>
          {modules.data.map((m) => {
            const p = summary.modules.find((x) => x.moduleId === m.id);
            return (
              <li key={m.id} className={s.card}>
                <div className={s.spread}>
                  <h4 className={s.subheading}>
                    Module {m.id}: {m.name}
                  </h4>
                  <span className={s.muted}>{formatDuration(moduleDurationMinutes(m.id))}</span>
                </div>
                <p className={s.muted}>{m.description}</p>
                <div className={s.spread}>
                  <span className={s.muted}>{p?.progressPercentage ?? 0}% complete</span>
                  <button
                    type="button"
                    className={s.button.secondary}
                    onClick={() => navigate(`/module/${m.id}`)}
                  >
                    Open Module {m.id}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

function QuizResultCard({ item }: { item: QuizListItem }) {
  const navigate = useNavigate();
  const { quiz, summary } = item;
  return (
    <section className={s.card} aria-label={`${quiz.title} results`}>
      <h3 className={s.subheading}>{quiz.title}</h3>
      <p className={s.text}>
        Best score:{' '}
        <span className={s.score[learnerScoreColor(summary.bestPercentage)]}>
          {Math.round(summary.bestPercentage)}%
        </span>{' '}
        <span className={summary.passed ? s.badge.success : s.badge.info}>
          {summary.passed ? 'Passed' : 'In Progress'}
        </span>
      </p>
      <div className={s.row}>
        <button type="button" className={s.button.secondary} onClick={() => navigate('/quizzes')}>
          Go to Quizzes
        </button>
        <button type="button" className={s.button.secondary} onClick={() => navigate(resultsPath(quiz.id))}>
          View Results
        </button>
      </div>
    </section>
  );
}
