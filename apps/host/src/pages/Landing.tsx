import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { notifyDataChanged } from '../session/dataEvents';
import { useSession } from '../session/SessionProvider';
import { useSystemSettings } from '../session/SettingsProvider';
import { Fact, OutlineError, useCourseOutline } from '../session/useCourseOutline';
import { LoadingScreen } from '../ui/LoadingScreen';
import { useToast } from '../ui/Toaster';
import { countInWords } from './countInWords';

// Only a learner who finished the course sees it.
const Dialog = lazy(() => import('../ui/Dialog').then((m) => ({ default: m.Dialog })));

/** learner §2 landing page; a learner who finished the course is congratulated instead. */
export function Landing() {
  const { adapter, session, loading } = useSession();
  const { loading: settingsLoading } = useSystemSettings();
  const toast = useToast();
  const [completed, setCompleted] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [resetting, setResetting] = useState(false);
  const outline = useCourseOutline();
  const course = outline.data;
  const userId = session?.user.id ?? null;

  useEffect(() => {
    setCompleted(false);
    if (userId === null) return;
    let active = true;
    adapter.progress
      .get()
      .then((state) => active && setCompleted(state.summary.courseComplete))
      .catch(() => undefined); // no dialog when progress cannot be read
    return () => {
      active = false;
    };
  }, [adapter, userId]);

  async function startOver() {
    setResetting(true);
    try {
      await adapter.progress.reset();
      notifyDataChanged();
      setCompleted(false);
      toast({ title: 'Your progress has been reset. You can start the course again!' });
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to reset progress. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setResetting(false);
    }
  }

  if (loading || settingsLoading) return <LoadingScreen />;
  const ctaTarget = session ? '/course' : '/signup';

  return (
    <div className="landing" aria-busy={outline.isPending}>
      <section className="hero" aria-labelledby={outline.isError ? undefined : 'hero-title'}>
        {outline.isError ? (
          <OutlineError retry={() => void outline.refetch()} />
        ) : (
          <h1 id="hero-title">
            <Fact outline={outline} width="18ch">
              {(c) => c.title}
            </Fact>
          </h1>
        )}
        <p className="lead">
          <Fact outline={outline} width="40ch">
            {(c) => c.description}
          </Fact>
        </p>
        <Link to={ctaTarget} className="button button-primary button-large">
          {session ? 'Continue Learning' : 'Start Learning Today'}
        </Link>
      </section>

      {course ? (
        <section aria-labelledby="modules-title">
          <h2 id="modules-title">{countInWords(course.modules.length, 'module')}, one clear path</h2>
          <ol className="module-overview">
            {course.modules.map((module) => (
              <li key={module.id} className="card">
                <span className="module-number">Module {module.id}</span>
                <h3>{module.name}</h3>
                <p>{module.summary}</p>
              </li>
            ))}
          </ol>
        </section>
      ) : outline.isPending ? (
        <section aria-hidden="true" className="module-overview-pending" />
      ) : null}

      <section aria-labelledby="features-title">
        <h2 id="features-title">Why this course</h2>
        <ul className="features">
          <li className="card">
            <h3>Self-paced</h3>
            <p>Learn when it suits you; your progress is saved after every lesson.</p>
          </li>
          <li className="card">
            <h3>Interactive quizzes</h3>
            <p>Check your understanding with instant feedback and explanations.</p>
          </li>
          <li className="card">
            <h3>Professional focus</h3>
            <p>Built around the systems facility teams use every day: CAFM, CMMS, BIM and BMS.</p>
          </li>
        </ul>
      </section>

      <section className="card promo" aria-labelledby="assessment-title">
        <h2 id="assessment-title">Test what you already know</h2>
        <p>
          Take the pre-assessment
          {course ? `: about ${course.pre_assessment_time}, no time limit,` : ': no time limit,'} and you can
          retake it any time.
        </p>
        <Link to="/assessment" className="button">
          Take the Pre-Assessment
        </Link>
      </section>

      <section className="closing" aria-labelledby="closing-title">
        <h2 id="closing-title">Ready to make your data work for you?</h2>
        {outline.isError ? null : (
          <p>
            Estimated course time:{' '}
            <Fact outline={outline} width="10ch">
              {(c) => `${c.estimated_time}.`}
            </Fact>
          </p>
        )}
        <Link to={ctaTarget} className="button button-primary">
          {session ? 'Go to the Course' : 'Get Started'}
        </Link>
      </section>

      {completed && !dismissed ? (
        <Suspense fallback={null}>
          <Dialog
            open
            title="Congratulations!"
            description="You have completed the whole course and passed the final quiz. Well done!"
            onClose={() => setDismissed(true)}
          >
            <div className="dialog-actions">
              <button type="button" className="button" onClick={() => setDismissed(true)}>
                Close
              </button>
              <button
                type="button"
                className="button button-primary"
                disabled={resetting}
                onClick={() => void startOver()}
              >
                Start Over
              </button>
            </div>
          </Dialog>
        </Suspense>
      ) : null}
    </div>
  );
}
