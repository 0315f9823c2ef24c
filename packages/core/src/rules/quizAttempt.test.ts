import { describe, expect, it } from 'vitest';
import { CourseError } from '../errors';
import { messages, unansweredQuestionsMessage } from '../messages';
import type { QuizAttempt, QuizQuestionWithKey } from '../schemas/entities';
import {
  answerResult,
  answersToGrade,
  attemptErrors,
  checkAnswerable,
  checkQuestionId,
  MAX_QUESTION_ID,
  reviewAttempt,
} from './quizAttempt';

const question = (id: number, key: 'A' | 'B' | 'C' | 'D'): QuizQuestionWithKey => ({
  id,
  quiz_id: 1,
  question_number: id,
  question_text: `Question ${id}`,
  option_a: 'a',
  option_b: 'b',
  option_c: 'c',
  option_d: 'd',
  correct_answer: key,
  explanation: id === 1 ? 'Because.' : null,
});
const questions = [question(1, 'A'), question(2, 'C')];

function failure(run: () => unknown): CourseError {
  try {
    run();
  } catch (error) {
    if (error instanceof CourseError) return error;
    throw error;
  }
  throw new Error('expected a CourseError');
}

describe('what a quiz attempt may do', () => {
  it('takes a question id only as a positive int4', () => {
    for (const id of [1, MAX_QUESTION_ID]) expect(() => checkQuestionId(id)).not.toThrow();
    for (const id of [0, -3, 2.5, MAX_QUESTION_ID + 1, Number.NaN]) {
      expect(failure(() => checkQuestionId(id)).toJSON()).toEqual({
        error: {
          code: 'validation_error',
          message: `Invalid request body: question_id: ${messages.notAQuestionId}`,
          fields: { question_id: messages.notAQuestionId },
        },
      });
    }
  });

  it('takes one-by-one answers on a course quiz only', () => {
    expect(() => checkAnswerable({ kind: 'course' })).not.toThrow();
    expect(failure(() => checkAnswerable({ kind: 'pre_assessment' }))).toMatchObject({
      code: 'validation_error',
      message: messages.preAssessmentAnswersOnComplete,
    });
  });

  it('names each refusal with its code', () => {
    expect(attemptErrors.notFound()).toMatchObject({ code: 'not_found', message: messages.attemptNotFound });
    expect(attemptErrors.alreadyAnswered()).toMatchObject({ code: 'conflict' });
    expect(attemptErrors.alreadyComplete()).toMatchObject({ code: 'conflict' });
    expect(attemptErrors.questionNotInQuiz()).toMatchObject({ code: 'not_found' });
  });

  it('reveals the key and the explanation of a locked answer', () => {
    expect(answerResult(questions[0]!, 'B')).toEqual({
      question_id: 1,
      selected: 'B',
      isCorrect: false,
      correct_answer: 'A',
      explanation: 'Because.',
    });
  });
});

describe('the answers an attempt is graded on', () => {
  it('a course quiz: its locked answers, every question answered', () => {
    expect(answersToGrade({ kind: 'course' }, questions, { '1': 'A', '2': 'B' }, undefined)).toEqual({
      '1': 'A',
      '2': 'B',
    });
    const error = failure(() => answersToGrade({ kind: 'course' }, questions, { '1': 'A' }, { '2': 'C' }));
    expect(error).toMatchObject({
      message: unansweredQuestionsMessage(1),
      fields: { answers: '1 questions unanswered' },
    });
  });

  it('the pre-assessment: the answers sent, stored as { selected, correct, isCorrect }', () => {
    expect(answersToGrade({ kind: 'pre_assessment' }, questions, {}, { '1': 'A', '2': 'D' })).toEqual({
      '1': { selected: 'A', correct: 'A', isCorrect: true },
      '2': { selected: 'D', correct: 'C', isCorrect: false },
    });
    expect(
      failure(() => answersToGrade({ kind: 'pre_assessment' }, questions, {}, { '1': 'A' })),
    ).toMatchObject({
      message: unansweredQuestionsMessage(1),
    });
    expect(failure(() => answersToGrade({ kind: 'pre_assessment' }, questions, {}, undefined))).toMatchObject(
      {
        message: unansweredQuestionsMessage(2),
      },
    );
    const unknown = failure(() =>
      answersToGrade({ kind: 'pre_assessment' }, questions, {}, { '1': 'A', '2': 'B', '9': 'C' }),
    );
    expect(unknown).toMatchObject({
      message: messages.answersNameUnknownQuestions,
      fields: { answers: 'Unknown questions: 9' },
    });
  });
});

describe('an attempt’s review', () => {
  it('shows each question, the letter chosen (from either stored shape) and the key', () => {
    const attempt: QuizAttempt = {
      id: 7,
      user_id: 'u',
      quiz_id: 1,
      score: 1,
      total_questions: 2,
      percentage: 50,
      passed: false,
      answers: { '1': { selected: 'A', correct: 'A', isCorrect: true } },
      started_at: '2025-01-01T00:00:00.000Z',
      completed_at: '2025-01-01T00:01:00.000Z',
    };
    const { review } = reviewAttempt(attempt, questions);
    expect(review.map((r) => [r.question_id, r.selected, r.correct_answer, r.isCorrect])).toEqual([
      [1, 'A', 'A', true],
      [2, null, 'C', false],
    ]);
    expect(review[0]).toMatchObject({ question_text: 'Question 1', option_d: 'd', explanation: 'Because.' });
  });
});
