import {
  type AnswerLetter,
  type AnswerResult,
  COURSE_QUIZ_ADVANCE_MS,
  type CompletedAttempt,
  messages,
} from '@coursekit/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '../provider/navigation';
import { resultsPath } from '../provider/routes';
import { useCourseAdapter } from '../provider/useCourseAdapter';
import { useQuiz } from '../queries/courseQueries';
import { invalidateAfterAttempt } from '../queries/progressMutations';
import { ErrorState, isUnauthorized, SignInPrompt, Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';
import { useToast } from '../ui/toast';
import { useFocusOnChange } from '../ui/useFocusOnChange';
import { AttemptReview, ScoreSummary } from './AttemptReview';
import { QuestionOptions } from './QuestionOptions';

/**
 * learner §2/§4 course quiz: instructions, one step per question, results. An answer is committed to
 * the server, locked, and only then shows right and wrong with the explanation; 1.5 s later it moves on.
 */
export function CourseQuiz({ quizId }: { quizId: number }) {
  const adapter = useCourseAdapter();
  const client = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const quiz = useQuiz(quizId);
  const [step, setStep] = useState(0);
  const [attemptId, setAttemptId] = useState<number | null>(null);
  const [selected, setSelected] = useState<AnswerLetter | null>(null);
  const [revealed, setRevealed] = useState<Record<number, AnswerResult>>({});
  const [busy, setBusy] = useState(false);
  const [calculating, setCalculating] = useState(false);
  const [result, setResult] = useState<CompletedAttempt | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const focusRef = useFocusOnChange<HTMLElement>(step);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (isUnauthorized(quiz.error)) return <SignInPrompt message="Please sign in to access quizzes." />;
  if (quiz.error) {
    return (
      <ErrorState error={quiz.error} title={messages.quizNotFound} onRetry={() => void quiz.refetch()} />
    );
  }
  if (!quiz.data) return <Skeletons count={1} label="Loading quiz" />;

  const { questions } = quiz.data;
  const meta = quiz.data.quiz;
  const total = questions.length;
  const answered = questions.filter((q) => revealed[q.id]).length;
  const resultsStep = total + 1;

  const goTo = (next: number) => {
    clearTimeout(timer.current);
    setSelected(null);
    setStep(next);
  };

  async function start() {
    setBusy(true);
    try {
      const attempt = await adapter.quizzes.startAttempt(quizId);
      setAttemptId(attempt.id);
      goTo(1);
    } catch {
      toast({ title: 'Failed to load quiz. Please try again.', variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  async function finish(id: number) {
    setCalculating(true);
    try {
      const done = await adapter.quizzes.complete(id);
      setResult(done);
      invalidateAfterAttempt(client, quizId);
      const pct = Math.round(done.attempt.percentage);
      toast(
        done.attempt.passed
          ? { title: 'Congratulations!', description: `You passed with ${pct}%!` }
          : { title: 'Quiz Complete', description: `You scored ${pct}%. Review the material and try again.` },
      );
      goTo(resultsStep);
    } catch {
      toast({ title: 'Failed to calculate quiz results. Please try again.', variant: 'error' });
    } finally {
      setCalculating(false);
    }
  }

  async function submitAnswer(questionId: number, isLast: boolean) {
    if (!selected || attemptId === null) return;
    setBusy(true);
    try {
      const answer = await adapter.quizzes.answer(attemptId, questionId, selected);
      setRevealed((r) => ({ ...r, [questionId]: answer }));
      const id = attemptId;
      timer.current = setTimeout(() => {
        if (isLast) void finish(id);
        else goTo(step + 1);
      }, COURSE_QUIZ_ADVANCE_MS);
    } catch {
      toast({ title: 'Failed to submit quiz. Please try again.', variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  function retake() {
    setAttemptId(null);
    setRevealed({});
    setResult(null);
    goTo(0);
  }

  const stepLabel = (i: number) => (i === 0 ? 'Instructions' : i === resultsStep ? 'Results' : `Q${i}`);
  const stepEnabled = (i: number) =>
    i === 0 || (i === resultsStep ? result !== null : attemptId !== null && i - 1 <= answered);

  return (
    <div className={s.stack}>
      <h2 className={s.heading}>{meta.title}</h2>
      <nav aria-label="Quiz steps">
        <ol className={s.row} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {Array.from({ length: total + 2 }, (_, i) => (
            <li key={stepLabel(i)}>
              <button
                type="button"
                className={i === step ? s.button.primary : s.button.secondary}
                aria-current={i === step ? 'step' : undefined}
                disabled={!stepEnabled(i) || calculating}
                onClick={() => goTo(i)}
              >
                {stepLabel(i)}
              </button>
            </li>
          ))}
        </ol>
      </nav>

      {calculating ? (
        <p className={s.text} role="status">
          Calculating your results...
        </p>
      ) : step === 0 ? (
        <section className={s.card} aria-labelledby="ck-quiz-instructions">
          <h3
            id="ck-quiz-instructions"
            className={s.subheading}
            ref={focusRef as React.Ref<HTMLHeadingElement>}
            tabIndex={-1}
          >
            Instructions
          </h3>
          {meta.description ? <p className={s.muted}>{meta.description}</p> : null}
          <ul className={s.list}>
            <li>{total} multiple-choice questions, one at a time.</li>
            <li>Each answer is final once submitted; you see the correct answer and an explanation.</li>
            <li>{meta.passing_score}% or higher passes.</li>
          </ul>
          <div>
            <button type="button" className={s.button.primary} disabled={busy} onClick={() => void start()}>
              Start Quiz
            </button>
          </div>
        </section>
      ) : step === resultsStep && result ? (
        <section className={s.stack} aria-labelledby="ck-quiz-results">
          <h3
            id="ck-quiz-results"
            className={s.subheading}
            ref={focusRef as React.Ref<HTMLHeadingElement>}
            tabIndex={-1}
          >
            Results
          </h3>
          <div className={s.card} role="status" aria-live="polite">
            <ScoreSummary attempt={result.attempt} />
          </div>
          <div className={s.row}>
            <button type="button" className={s.button.primary} onClick={retake}>
              Retake Quiz
            </button>
            <button
              type="button"
              className={s.button.secondary}
              onClick={() => navigate(resultsPath(quizId))}
            >
              View All Results
            </button>
          </div>
          <AttemptReview review={result.review} />
        </section>
      ) : (
        (() => {
          const question = questions[step - 1]!;
          const reveal = revealed[question.id];
          const isLast = step === total;
          return (
            <section className={s.card}>
              <QuestionOptions
                question={question}
                selected={selected}
                onSelect={setSelected}
                reveal={reveal ? { selected: reveal.selected, correct: reveal.correct_answer } : null}
                legendRef={focusRef as React.Ref<HTMLLegendElement>}
                legend={`Question ${step} of ${total}: ${question.question_text}`}
              />
              <div role="status" aria-live="polite">
                {reveal ? (
                  <>
                    <p className={s.text}>
                      <strong>{reveal.isCorrect ? 'Correct!' : 'Incorrect.'}</strong>
                    </p>
                    {reveal.explanation ? <p className={s.muted}>{reveal.explanation}</p> : null}
                  </>
                ) : null}
              </div>
              <div className={s.spread}>
                <button
                  type="button"
                  className={s.button.secondary}
                  disabled={step <= 1}
                  onClick={() => goTo(step - 1)}
                >
                  Previous
                </button>
                <button
                  type="button"
                  className={s.button.primary}
                  disabled={!selected || Boolean(reveal) || busy}
                  onClick={() => void submitAnswer(question.id, isLast)}
                >
                  Submit Answer
                </button>
                <button
                  type="button"
                  className={s.button.secondary}
                  disabled={!reveal}
                  onClick={() => (isLast ? void finish(attemptId!) : goTo(step + 1))}
                >
                  Next
                </button>
              </div>
            </section>
          );
        })()
      )}
    </div>
  );
}
