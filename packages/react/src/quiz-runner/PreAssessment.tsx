import {
  type AnswerLetter,
  ASSESSMENT_ADVANCE_MS,
  type CompletedAttempt,
  type QuizAttempt,
} from '@coursekit/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '../provider/navigation';
import { useCourseAdapter } from '../provider/useCourseAdapter';
import { useOutline, useQuiz, useQuizList } from '../queries/courseQueries';
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

type Phase = 'intro' | 'taking' | 'results';

/** learner §2/§4 /assessment: intro, taking (Submit Answer, 0.5 s advance), results. */
export function PreAssessment() {
  const adapter = useCourseAdapter();
  const client = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const t = useStrings(quizStrings);
  const list = useQuizList();
  const outline = useOutline();
  const pre = list.data?.find((q) => q.quiz.kind === 'pre_assessment');
  const quiz = useQuiz(pre?.quiz.id);
  const [phase, setPhase] = useState<Phase>('intro');
  const [index, setIndex] = useState(0);
  const [selected, setSelected] = useState<AnswerLetter | null>(null);
  const [answers, setAnswers] = useState<Record<string, AnswerLetter>>({});
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<CompletedAttempt | null>(null);
  /** A pre-assessment that draws from a bank opens its attempt on Start: the draw is the attempt's. */
  const [attempt, setAttempt] = useState<QuizAttempt | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const focusRef = useFocusOnChange<HTMLLegendElement>(`${phase}-${index}`);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(phase);
  useEffect(() => () => clearTimeout(timer.current), []);

  const noQuiz = list.isSuccess && !pre;
  const { noQuizTitle, preAssessmentUnavailable } = t;
  useEffect(() => {
    if (noQuiz) toast({ title: noQuizTitle, description: preAssessmentUnavailable });
  }, [noQuiz, toast, noQuizTitle, preAssessmentUnavailable]);

  const error = list.error ?? quiz.error;
  if (isUnauthorized(error)) return <SignInPrompt message={t.preAssessmentSignIn} />;
  if (error) return <ErrorState error={error} onRetry={() => void list.refetch()} />;
  if (noQuiz) return <p className={s.text}>{t.preAssessmentUnavailable}</p>;
  if (!quiz.data) return <Skeletons count={1} label={t.loadingAssessment} />;

  const bank = quiz.data.questions;
  // A quiz that draws fewer questions than its bank holds asks the attempt's; otherwise all of them.
  const draws = quiz.data.quiz.total_questions > 0 && quiz.data.quiz.total_questions < bank.length;
  const questions = attempt?.questions ?? (draws ? bank.slice(0, quiz.data.quiz.total_questions) : bank);
  const question = questions[index]!;
  const answeredCount = questions.filter((q) => answers[String(q.id)]).length;
  const allAnswered = answeredCount === questions.length;
  const isLast = index === questions.length - 1;

  const go = (next: number) => {
    clearTimeout(timer.current);
    setSelected(null); // learner §4: Next / Previous skip without answering and clear the selection
    setIndex(next);
  };

  function submitAnswer() {
    if (!selected) return;
    const next = { ...answers, [String(question.id)]: selected };
    setAnswers(next);
    if (Object.keys(next).length === questions.length) {
      toast({ title: t.allAnsweredTitle, description: t.allAnsweredBody });
    }
    if (!isLast) timer.current = setTimeout(() => go(index + 1), ASSESSMENT_ADVANCE_MS);
  }

  async function submitAssessment() {
    setSubmitting(true);
    try {
      const open = attempt ?? (await adapter.quizzes.startAttempt(quiz.data!.quiz.id));
      const done = await adapter.quizzes.complete(open.id, answers);
      setResult(done);
      setPhase('results');
      invalidateAfterAttempt(client, quiz.data!.quiz.id);
      const pct = Math.round(done.attempt.percentage);
      toast(
        done.attempt.passed
          ? {
              title: t.congratulations,
              description: [
                formatString(t.assessmentPassed, { percent: pct }),
                outline.data?.pre_assessment_passed,
              ]
                .filter(Boolean)
                .join(' '),
            }
          : {
              title: t.assessmentCompleteTitle,
              description: formatString(t.assessmentFailed, { percent: pct }),
            },
      );
    } catch {
      toast({ title: t.submitQuizFailed, variant: 'error' });
    } finally {
      setSubmitting(false);
    }
  }

  async function begin() {
    if (!draws) return setPhase('taking');
    setSubmitting(true);
    try {
      setAttempt(await adapter.quizzes.startAttempt(quiz.data!.quiz.id));
      setPhase('taking');
    } catch {
      toast({ title: t.quizLoadFailed, variant: 'error' });
    } finally {
      setSubmitting(false);
    }
  }

  function retake() {
    setAttempt(null);
    setAnswers({});
    setSelected(null);
    setIndex(0);
    setResult(null);
    setPhase('intro');
  }

  if (phase === 'intro') {
    return (
      <div className={s.card}>
        <h2 className={s.heading} ref={headingRef} tabIndex={-1}>
          {quiz.data.quiz.title}
        </h2>
        {quiz.data.quiz.description ? <p className={s.muted}>{quiz.data.quiz.description}</p> : null}
        <ul className={s.list}>
          <li>{formatString(t.assessmentQuestionCount, { count: questions.length })}</li>
          {outline.data ? (
            <li>{formatString(t.assessmentNoTimeLimit, { time: outline.data.pre_assessment_time })}</li>
          ) : null}
          <li>{formatString(t.assessmentPassRule, { score: quiz.data.quiz.passing_score })}</li>
          <li>{t.assessmentRetakeAnyTime}</li>
        </ul>
        <div className={s.row}>
          <button
            type="button"
            className={s.button.primary}
            disabled={submitting}
            onClick={() => void begin()}
          >
            {t.startAssessment}
          </button>
          <button type="button" className={s.button.secondary} onClick={() => navigate('/modules')}>
            {t.skipForNow}
          </button>
        </div>
      </div>
    );
  }

  if (phase === 'results' && result) {
    const passed = result.attempt.passed;
    return (
      <div className={s.stack}>
        <h2 className={s.heading} ref={headingRef} tabIndex={-1}>
          {t.assessmentResults}
        </h2>
        <div role="status" aria-live="polite" className={s.card}>
          <ScoreSummary attempt={result.attempt} />
        </div>
        <div className={s.row}>
          {!passed ? (
            <button type="button" className={s.button.secondary} onClick={retake}>
              {t.retakeQuiz}
            </button>
          ) : null}
          <button type="button" className={s.button.primary} onClick={() => navigate('/modules')}>
            {passed ? t.continueToNextModule : t.reviewMaterial}
          </button>
        </div>
        <AttemptReview review={result.review} />
      </div>
    );
  }

  const recorded = answers[String(question.id)];
  return (
    <div className={s.stack}>
      <div className={s.spread}>
        <h2 className={s.subheading}>{quiz.data.quiz.title}</h2>
        <span className={s.muted} aria-live="polite">
          {formatString(t.answeredCount, { answered: answeredCount, total: questions.length })}
        </span>
      </div>
      <div className={s.card}>
        <QuestionOptions
          question={question}
          selected={selected}
          onSelect={setSelected}
          legendRef={focusRef}
          legend={formatString(t.questionOf, {
            number: index + 1,
            total: questions.length,
            text: question.question_text,
          })}
        />
        {recorded ? <p className={s.muted}>{formatString(t.answerRecorded, { letter: recorded })}</p> : null}
        <div>
          <button type="button" className={s.button.primary} disabled={!selected} onClick={submitAnswer}>
            {t.submitAnswer}
          </button>
        </div>
      </div>
      <div className={s.spread}>
        <button
          type="button"
          className={s.button.secondary}
          disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          {t.previous}
        </button>
        {isLast ? (
          <button
            type="button"
            className={s.button.primary}
            disabled={!allAnswered || submitting}
            onClick={() => void submitAssessment()}
          >
            {t.submitAssessment}
          </button>
        ) : (
          <button type="button" className={s.button.secondary} onClick={() => go(index + 1)}>
            {t.next}
          </button>
        )}
      </div>
    </div>
  );
}
