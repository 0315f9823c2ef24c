import { CourseError } from '../errors';
import {
  messages,
  unansweredQuestionsField,
  unansweredQuestionsMessage,
  unknownQuestionsField,
} from '../messages';
import type {
  AnswerLetter,
  AnswerResult,
  CompletedAttempt,
  Quiz,
  QuizAttempt,
  QuizQuestionWithKey,
  StoredAnswer,
} from '../schemas/entities';
import { invalidInput } from '../validation/invalidInput';
import { reviewQuestion } from './quiz';
import { type AttemptQuestion, shownQuestions } from './quizBank';

// What a quiz attempt may do and what it answers, for every backend (DESIGN: the server is the
// source of truth). A course-quiz answer is locked one question at a time; the pre-assessment sends
// all its answers with `complete`. The backends store and look up; these rules decide and word.

type Key = Pick<QuizQuestionWithKey, 'id' | 'correct_answer'>;
type StoredAnswers = Record<string, StoredAnswer>;

/** The largest id a question can have (PostgreSQL's int4, the API's id columns). */
export const MAX_QUESTION_ID = 2_147_483_647;

/** The failures of an attempt call, each with its code and text. */
export const attemptErrors = {
  /** Unknown, or someone else's: the two are not told apart. */
  notFound: () => new CourseError('not_found', messages.attemptNotFound),
  questionNotInQuiz: () => new CourseError('not_found', messages.questionNotInQuiz),
  alreadyComplete: () => new CourseError('conflict', messages.attemptAlreadyComplete),
  alreadyAnswered: () => new CourseError('conflict', messages.questionAlreadyAnswered),
};

/** A question id in the body must be a positive int4 before anything is looked up. */
export function checkQuestionId(questionId: number): void {
  if (!Number.isInteger(questionId) || questionId < 1 || questionId > MAX_QUESTION_ID) {
    throw invalidInput('body', { question_id: messages.notAQuestionId });
  }
}

/**
 * Which attempt takes a one-by-one answer: an open attempt of a course quiz. The pre-assessment's
 * answers come with `complete` (learner §4), so answering one of its questions is refused.
 */
export function checkAnswerable(quiz: Pick<Quiz, 'kind'>): void {
  if (quiz.kind !== 'course') {
    throw new CourseError('validation_error', messages.preAssessmentAnswersOnComplete, {
      question_id: messages.notACourseQuizQuestion,
    });
  }
}

/** What a locked answer reveals: right or wrong, the key and the explanation. */
export function answerResult(
  question: Pick<QuizQuestionWithKey, 'id' | 'correct_answer' | 'explanation'>,
  letter: AnswerLetter,
): AnswerResult {
  return {
    question_id: question.id,
    selected: letter,
    isCorrect: letter === question.correct_answer,
    correct_answer: question.correct_answer,
    explanation: question.explanation,
  };
}

function refuseUnanswered(questions: readonly Key[], answers: Readonly<Record<string, unknown>>): void {
  const missing = questions.filter((q) => answers[String(q.id)] === undefined).length;
  if (missing > 0) {
    throw new CourseError('validation_error', unansweredQuestionsMessage(missing), {
      answers: unansweredQuestionsField(missing),
    });
  }
}

/**
 * The answers an attempt is graded on. A course quiz: its locked answers, every question answered.
 * The pre-assessment: the answers sent with `complete`, every question and no other, stored as
 * `{ selected, correct, isCorrect }` (learner §3's shape).
 */
export function answersToGrade(
  quiz: Pick<Quiz, 'kind'>,
  questions: readonly Key[],
  locked: Readonly<StoredAnswers>,
  sent: Readonly<Record<string, AnswerLetter>> | undefined,
): StoredAnswers {
  if (quiz.kind === 'course') {
    refuseUnanswered(questions, locked);
    return { ...locked };
  }
  const given = sent ?? {};
  const ids = new Set(questions.map((q) => String(q.id)));
  const unknown = Object.keys(given).filter((id) => !ids.has(id));
  if (unknown.length > 0) {
    throw new CourseError('validation_error', messages.answersNameUnknownQuestions, {
      answers: unknownQuestionsField(unknown),
    });
  }
  refuseUnanswered(questions, given);
  return Object.fromEntries(
    questions.map((q) => {
      const selected = given[String(q.id)]!;
      return [
        String(q.id),
        { selected, correct: q.correct_answer, isCorrect: selected === q.correct_answer },
      ];
    }),
  );
}

/**
 * A completed attempt with its review: each question it showed (as the version it was given, its
 * options in the order shown), the option id chosen, that version's key and why.
 */
export function reviewAttempt(
  attempt: QuizAttempt,
  questions: ReadonlyArray<QuizQuestionWithKey & Partial<Pick<AttemptQuestion, 'version' | 'shown'>>>,
): CompletedAttempt {
  return {
    attempt: { ...attempt, questions: shownQuestions(questions) },
    review: questions.map((q) => reviewQuestion(q, attempt.answers[String(q.id)])),
  };
}
