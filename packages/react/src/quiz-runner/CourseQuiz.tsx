import {
  type AnswerLetter,
  type AnswerResult,
  COURSE_QUIZ_ADVANCE_MS,
  type CompletedAttempt,
  type QuizQuestion,
} from '@coursekit/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '../provider/navigation';
import { resultsPath } from '../provider/routes';
import { useCourseAdapter } from '../provider/useCourseAdapter';
import { useQuiz } from '../queries/courseQueries';
import { invalidateAfterAttempt } from '../queries/progressMutations';
import { formatString } from '../strings/formatString';
import { quizStrings } from '../strings/quizStrings';
import { useStrings } from '../strings/useStrings';
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
  const t = useStrings(quizStrings);
  const quiz = useQuiz(quizId);
  const [step, setStep] = useState(0);
  const [attemptId, setAttemptId] = useState<number | null>(null);
  /** The questions the attempt drew, options in its order (question banks); the quiz's own before. */
  const [drawn, setDrawn] = useState<QuizQuestion[] | null>(null);
  const [selected, setSelected] = useState<AnswerLetter | null>(null);
  const [revealed, setRevealed] = useState<Record<number, AnswerResult>>({});
  const [busy, setBusy] = useState(false);
  const [calculating, setCalculating] = useState(false);
  const [result, setResult] = useState<CompletedAttempt | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const focusRef = useFocusOnChange<HTMLElement>(step);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (isUnauthorized(quiz.error)) return <SignInPrompt message={t.quizSignIn} />;
  if (quiz.error) {
    return <ErrorState error={quiz.error} title={t.quizNotFound} onRetry={() => void quiz.refetch()} />;
  }
  if (!quiz.data) return <Skeletons count={1} label={t.loadingQuiz} />;

  const meta = quiz.data.quiz;
  const bank = quiz.data.questions;
  // Before an attempt: as many steps as an attempt shows (a draw from a bank counts its draw).
  const questions =
    drawn ??
    (meta.total_questions > 0 && meta.total_questions < bank.length
      ? bank.slice(0, meta.total_questions)
      : bank);
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
      setDrawn(attempt.questions ?? null);
      goTo(1);
    } catch {
      toast({ title: t.quizLoadFailed, variant: 'error' });
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
          ? { title: t.congratulations, description: formatString(t.quizPassedToast, { percent: pct }) }
          : { title: t.quizCompleteTitle, description: formatString(t.quizFailedToast, { percent: pct }) },
      );
      goTo(resultsStep);
    } catch {
      toast({ title: t.quizResultsFailed, variant: 'error' });
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
      toast({ title: t.submitQuizFailed, variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  function retake() {
    setAttemptId(null);
    setDrawn(null);
    setRevealed({});
    setResult(null);
    goTo(0);
  }

  const stepLabel = (i: number) =>
    i === 0
      ? t.quizStepInstructions
      : i === resultsStep
        ? t.quizStepResults
        : formatString(t.quizStepQuestion, { number: i });
  const stepEnabled = (i: number) =>
    i === 0 || (i === resultsStep ? result !== null : attemptId !== null && i - 1 <= answered);

  return (
    <div className={s.stack}>
      <h2 className={s.heading}>{meta.title}</h2>
      <nav aria-label={t.quizSteps}>
        <ol className={s.row} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {Array.from({ length: total + 2 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the steps are positions; a host's labels need not differ
            <li key={i}>
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
          {t.calculatingResults}
        </p>
      ) : step === 0 ? (
        <section className={s.card} aria-labelledby="ck-quiz-instructions">
          <h3
            id="ck-quiz-instructions"
            className={s.subheading}
            ref={focusRef as React.Ref<HTMLHeadingElement>}
            tabIndex={-1}
          >
            {t.quizStepInstructions}
          </h3>
          {meta.description ? <p className={s.muted}>{meta.description}</p> : null}
          <ul className={s.list}>
            <li>{formatString(t.quizQuestionCount, { count: total })}</li>
            <li>{t.quizAnswersFinal}</li>
            <li>{formatString(t.quizPassRule, { score: meta.passing_score })}</li>
          </ul>
          <div>
            <button type="button" className={s.button.primary} disabled={busy} onClick={() => void start()}>
              {t.startQuiz}
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
            {t.quizStepResults}
          </h3>
          <div className={s.card} role="status" aria-live="polite">
            <ScoreSummary attempt={result.attempt} />
          </div>
          <div className={s.row}>
            <button type="button" className={s.button.primary} onClick={retake}>
              {t.retakeQuiz}
            </button>
            <button
              type="button"
              className={s.button.secondary}
              onClick={() => navigate(resultsPath(quizId))}
            >
              {t.viewAllResults}
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
                legend={formatString(t.questionOf, { number: step, total, text: question.question_text })}
              />
              <div role="status" aria-live="polite">
                {reveal ? (
                  <>
                    <p className={s.text}>
                      <strong>{reveal.isCorrect ? t.feedbackCorrect : t.feedbackIncorrect}</strong>
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
                  {t.previous}
                </button>
                <button
                  type="button"
                  className={s.button.primary}
                  disabled={!selected || Boolean(reveal) || busy}
                  onClick={() => void submitAnswer(question.id, isLast)}
                >
                  {t.submitAnswer}
                </button>
                <button
                  type="button"
                  className={s.button.secondary}
                  disabled={!reveal}
                  onClick={() => (isLast ? void finish(attemptId!) : goTo(step + 1))}
                >
                  {t.next}
                </button>
              </div>
            </section>
          );
        })()
      )}
    </div>
  );
}
