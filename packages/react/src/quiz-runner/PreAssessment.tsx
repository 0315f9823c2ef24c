import {
  type AnswerLetter,
  ASSESSMENT_ADVANCE_MS,
  COURSE_TIME,
  type CompletedAttempt,
  PRE_ASSESSMENT_PASSING_SCORE,
} from '@coursekit/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '../provider/navigation';
import { useCourseAdapter } from '../provider/useCourseAdapter';
import { useQuiz, useQuizList } from '../queries/courseQueries';
import { invalidateAfterAttempt } from '../queries/progressMutations';
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
  const list = useQuizList();
  const pre = list.data?.find((q) => q.quiz.kind === 'pre_assessment');
  const quiz = useQuiz(pre?.quiz.id);
  const [phase, setPhase] = useState<Phase>('intro');
  const [index, setIndex] = useState(0);
  const [selected, setSelected] = useState<AnswerLetter | null>(null);
  const [answers, setAnswers] = useState<Record<string, AnswerLetter>>({});
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<CompletedAttempt | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const focusRef = useFocusOnChange<HTMLLegendElement>(`${phase}-${index}`);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(phase);
  useEffect(() => () => clearTimeout(timer.current), []);

  const noQuiz = list.isSuccess && !pre;
  useEffect(() => {
    if (noQuiz)
      toast({ title: 'No Quiz Available', description: 'Pre-assessment quiz is not currently available.' });
  }, [noQuiz, toast]);

  const error = list.error ?? quiz.error;
  if (isUnauthorized(error))
    return <SignInPrompt message="Please sign in to take the pre-assessment quiz." />;
  if (error) return <ErrorState error={error} onRetry={() => void list.refetch()} />;
  if (noQuiz) return <p className={s.text}>Pre-assessment quiz is not currently available.</p>;
  if (!quiz.data) return <Skeletons count={1} label="Loading assessment" />;

  const { questions } = quiz.data;
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
      toast({
        title: 'All Questions Answered',
        description: "Click 'Submit Assessment' to complete the quiz.",
      });
    }
    if (!isLast) timer.current = setTimeout(() => go(index + 1), ASSESSMENT_ADVANCE_MS);
  }

  async function submitAssessment() {
    setSubmitting(true);
    try {
      const attempt = await adapter.quizzes.startAttempt(quiz.data!.quiz.id);
      const done = await adapter.quizzes.complete(attempt.id, answers);
      setResult(done);
      setPhase('results');
      invalidateAfterAttempt(client, quiz.data!.quiz.id);
      const pct = Math.round(done.attempt.percentage);
      toast(
        done.attempt.passed
          ? {
              title: 'Congratulations!',
              description: `You passed with ${pct}%! You have a strong foundation in data literacy.`,
            }
          : {
              title: 'Assessment Complete',
              description: `You scored ${pct}%. Consider reviewing the course content to strengthen your knowledge.`,
            },
      );
    } catch {
      toast({ title: 'Failed to submit quiz. Please try again.', variant: 'error' });
    } finally {
      setSubmitting(false);
    }
  }

  function retake() {
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
          <li>{questions.length} questions</li>
          <li>No time limit (about {COURSE_TIME.preAssessment})</li>
          <li>{PRE_ASSESSMENT_PASSING_SCORE}% or higher passes</li>
          <li>Retake any time</li>
        </ul>
        <div className={s.row}>
          <button type="button" className={s.button.primary} onClick={() => setPhase('taking')}>
            Start Assessment
          </button>
          <button type="button" className={s.button.secondary} onClick={() => navigate('/modules')}>
            Skip for Now
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
          Assessment Results
        </h2>
        <div role="status" aria-live="polite" className={s.card}>
          <ScoreSummary attempt={result.attempt} />
        </div>
        <div className={s.row}>
          {!passed ? (
            <button type="button" className={s.button.secondary} onClick={retake}>
              Retake Quiz
            </button>
          ) : null}
          <button type="button" className={s.button.primary} onClick={() => navigate('/modules')}>
            {passed ? 'Continue to Next Module' : 'Review Material'}
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
          {answeredCount} of {questions.length} answered
        </span>
      </div>
      <div className={s.card}>
        <QuestionOptions
          question={question}
          selected={selected}
          onSelect={setSelected}
          legendRef={focusRef}
          legend={`Question ${index + 1} of ${questions.length}: ${question.question_text}`}
        />
        {recorded ? <p className={s.muted}>Answer recorded: {recorded}</p> : null}
        <div>
          <button type="button" className={s.button.primary} disabled={!selected} onClick={submitAnswer}>
            Submit Answer
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
          Previous
        </button>
        {isLast ? (
          <button
            type="button"
            className={s.button.primary}
            disabled={!allAnswered || submitting}
            onClick={() => void submitAssessment()}
          >
            Submit Assessment
          </button>
        ) : (
          <button type="button" className={s.button.secondary} onClick={() => go(index + 1)}>
            Next
          </button>
        )}
      </div>
    </div>
  );
}
