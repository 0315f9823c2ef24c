import { describe, expect, it } from 'vitest';
import type { CourseAdapter } from '../adapter/CourseAdapter';
import { messages, unansweredQuestionsMessage } from '../messages';
import { MAX_QUESTION_ID } from '../rules/quizAttempt';
import { QuizListItemSchema } from '../schemas/derived';
import { type AnswerLetter, QuizQuestionSchema } from '../schemas/entities';
import type { ConformanceHarness } from './conformance';
import { expectCourseError, signedUp } from './expectations';

async function courseQuiz(adapter: CourseAdapter) {
  const list = await adapter.quizzes.list();
  for (const item of list) QuizListItemSchema.parse(item);
  const item = list.find((q) => q.quiz.kind === 'course');
  expect(item, 'the backend holds a course quiz').toBeDefined();
  return adapter.quizzes.get(item!.quiz.id);
}

async function preAssessment(adapter: CourseAdapter) {
  const item = (await adapter.quizzes.list()).find((q) => q.quiz.kind === 'pre_assessment');
  expect(item, 'the backend holds a pre-assessment').toBeDefined();
  return adapter.quizzes.get(item!.quiz.id);
}

const notAQuestionId = `Invalid request body: question_id: ${messages.notAQuestionId}`;

/** learner §4's quizzes, as every backend must run them (part of runAdapterConformance). */
export function runQuizConformance(
  harness: Pick<ConformanceHarness, 'makeAdapter' | 'signedInLearner' | 'setQuizBank' | 'editQuestion'>,
) {
  describe('quizzes', () => {
    it('never sends correct answers with the questions', async () => {
      const { adapter } = await signedUp(harness);
      const { questions } = await courseQuiz(adapter);
      expect(questions.length).toBeGreaterThan(0);
      for (const q of questions) {
        expect(Object.keys(q).sort()).toEqual(Object.keys(QuizQuestionSchema.shape).sort());
      }
    });

    it('answers an unknown quiz with 404 and the same message on every call', async () => {
      const { adapter } = await signedUp(harness);
      await expectCourseError(adapter.quizzes.get(99_999), 'not_found', messages.quizNotFound);
      await expectCourseError(adapter.quizzes.startAttempt(99_999), 'not_found', messages.quizNotFound);
      await expectCourseError(adapter.quizzes.attempts(99_999), 'not_found', messages.quizNotFound);
    });

    it('locks an answer, reveals the key, refuses a second answer, and scores on completion', async () => {
      const { adapter } = await signedUp(harness);
      const { quiz, questions } = await courseQuiz(adapter);
      const attempt = await adapter.quizzes.startAttempt(quiz.id);
      expect(attempt.completed_at).toBeNull();

      let correct = 0;
      for (const q of questions) {
        const result = await adapter.quizzes.answer(attempt.id, q.id, 'A');
        expect(result.isCorrect).toBe(result.correct_answer === 'A');
        if (result.isCorrect) correct += 1;
      }
      await expectCourseError(
        adapter.quizzes.answer(attempt.id, questions[0]!.id, 'B'),
        'conflict',
        messages.questionAlreadyAnswered,
      );

      const done = await adapter.quizzes.complete(attempt.id);
      expect(done.attempt.score).toBe(correct);
      expect(done.attempt.total_questions).toBe(questions.length);
      expect(done.attempt.passed).toBe(correct * 100 >= quiz.passing_score * questions.length);
      expect(done.review).toHaveLength(questions.length);
      expect(done.review.map((r) => r.selected)).toEqual(questions.map(() => 'A'));

      const attempts = await adapter.quizzes.attempts(quiz.id);
      expect(attempts.map((a) => a.attempt.id)).toEqual([attempt.id]);
      const card = (await adapter.quizzes.list()).find((q) => q.quiz.id === quiz.id)!;
      expect(card.summary).toMatchObject({ hasAttempted: true, totalAttempts: 1, bestScore: correct });
    });

    it('refuses answers to a closed attempt, and a second completion', async () => {
      const { adapter } = await signedUp(harness);
      const { quiz, questions } = await courseQuiz(adapter);
      const attempt = await adapter.quizzes.startAttempt(quiz.id);
      for (const q of questions) await adapter.quizzes.answer(attempt.id, q.id, 'C');
      await adapter.quizzes.complete(attempt.id);
      await expectCourseError(
        adapter.quizzes.answer(attempt.id, questions[0]!.id, 'C'),
        'conflict',
        messages.attemptAlreadyComplete,
      );
      await expectCourseError(
        adapter.quizzes.complete(attempt.id),
        'conflict',
        messages.attemptAlreadyComplete,
      );
    });

    it('does not complete a course quiz before every question is answered', async () => {
      const { adapter } = await signedUp(harness);
      const { quiz, questions } = await courseQuiz(adapter);
      const attempt = await adapter.quizzes.startAttempt(quiz.id);
      await adapter.quizzes.answer(attempt.id, questions[0]!.id, 'A');
      await expectCourseError(
        adapter.quizzes.complete(attempt.id),
        'validation_error',
        unansweredQuestionsMessage(questions.length - 1),
      );
    });

    it('takes only its own questions, by a valid id', async () => {
      const { adapter } = await signedUp(harness);
      const { quiz } = await courseQuiz(adapter);
      const pre = await preAssessment(adapter);
      const attempt = await adapter.quizzes.startAttempt(quiz.id);
      await expectCourseError(
        adapter.quizzes.answer(attempt.id, pre.questions[0]!.id, 'A'),
        'not_found',
        messages.questionNotInQuiz,
      );
      for (const id of [0, -1, 1.5, MAX_QUESTION_ID + 1]) {
        await expectCourseError(
          adapter.quizzes.answer(attempt.id, id, 'A'),
          'validation_error',
          notAQuestionId,
        );
      }
    });

    it('grades the pre-assessment from the answers sent with complete', async () => {
      const { adapter } = await signedUp(harness);
      const { quiz, questions } = await preAssessment(adapter);
      const attempt = await adapter.quizzes.startAttempt(quiz.id);
      const answers = Object.fromEntries(questions.map((q) => [String(q.id), 'B' as const]));
      const done = await adapter.quizzes.complete(attempt.id, answers);
      expect(done.attempt.score).toBe(done.review.filter((r) => r.correct_answer === 'B').length);
      // learner §3: the pre-assessment's answers are stored as { selected, correct, isCorrect }.
      for (const r of done.review) {
        expect(done.attempt.answers[String(r.question_id)]).toEqual({
          selected: 'B',
          correct: r.correct_answer,
          isCorrect: r.correct_answer === 'B',
        });
      }
      const progress = await adapter.progress.get();
      expect(progress.summary.hasPreAssessment).toBe(true);
      expect(progress.summary.preAssessmentPassed).toBe(done.attempt.passed);
    });

    it('takes the pre-assessment’s answers with complete only, for its own questions, all of them', async () => {
      const { adapter } = await signedUp(harness);
      const { quiz, questions } = await preAssessment(adapter);
      const attempt = await adapter.quizzes.startAttempt(quiz.id);
      await expectCourseError(
        adapter.quizzes.answer(attempt.id, questions[0]!.id, 'A'),
        'validation_error',
        messages.preAssessmentAnswersOnComplete,
      );
      const all: Record<string, AnswerLetter> = Object.fromEntries(questions.map((q) => [String(q.id), 'A']));
      await expectCourseError(
        adapter.quizzes.complete(attempt.id, { ...all, [String(MAX_QUESTION_ID)]: 'A' }),
        'validation_error',
        messages.answersNameUnknownQuestions,
      );
      const { [String(questions[0]!.id)]: _left, ...short } = all;
      await expectCourseError(
        adapter.quizzes.complete(attempt.id, short),
        'validation_error',
        unansweredQuestionsMessage(1),
      );
      // Refused answers change nothing: the attempt still completes with every answer.
      expect((await adapter.quizzes.complete(attempt.id, all)).attempt.total_questions).toBe(
        questions.length,
      );
    });

    it('keeps one learner’s attempt out of another’s reach', async () => {
      const { adapter: ana } = await signedUp(harness);
      const { adapter: bo } = await signedUp(harness, 'Bo Chen');
      const { quiz, questions } = await courseQuiz(ana);
      const attempt = await ana.quizzes.startAttempt(quiz.id);
      await expectCourseError(
        bo.quizzes.answer(attempt.id, questions[0]!.id, 'A'),
        'not_found',
        messages.attemptNotFound,
      );
      await expectCourseError(bo.quizzes.complete(attempt.id), 'not_found', messages.attemptNotFound);
      expect(await bo.quizzes.attempts(quiz.id)).toEqual([]);
    });

    it.runIf(harness.setQuizBank)(
      'draws N of the bank per attempt, none twice, takes answers by option id and refuses a question not drawn',
      async () => {
        // Set first: a backend may fix its quizzes when the learner's adapter is made (an LMS package).
        await harness.setQuizBank!({ draw: 3, shuffleOptions: true });
        try {
          const { adapter } = await signedUp(harness);
          const { quiz, questions: bank } = await courseQuiz(adapter);
          expect(bank.length).toBeGreaterThan(3);
          expect(quiz.total_questions).toBe(3);
          const attempt = await adapter.quizzes.startAttempt(quiz.id);
          const drawn = attempt.questions ?? [];
          expect(attempt.total_questions).toBe(3);
          expect(drawn).toHaveLength(3);
          expect(new Set(drawn.map((q) => q.id)).size).toBe(3);
          const bankIds = bank.map((q) => q.id);
          for (const q of drawn) {
            expect(bankIds).toContain(q.id);
            expect(Object.keys(q).sort()).toEqual(Object.keys(QuizQuestionSchema.shape).sort());
            expect(q.options!.map((o) => o.id).sort()).toEqual(['A', 'B', 'C', 'D']);
          }
          const other = bank.find((q) => !drawn.some((d) => d.id === q.id))!;
          await expectCourseError(
            adapter.quizzes.answer(attempt.id, other.id, 'A'),
            'not_found',
            messages.questionNotInQuiz,
          );
          // The learner picks the option shown first: its id is what is sent and graded.
          let correct = 0;
          for (const q of drawn) {
            const first = q.options![0]!;
            const result = await adapter.quizzes.answer(attempt.id, q.id, first.id);
            expect(result.selected).toBe(first.id);
            expect(result.isCorrect).toBe(result.correct_answer === first.id);
            if (result.isCorrect) correct += 1;
          }
          const done = await adapter.quizzes.complete(attempt.id);
          expect(done.attempt).toMatchObject({ score: correct, total_questions: 3 });
          expect(done.review.map((r) => r.question_id)).toEqual(drawn.map((q) => q.id));
          expect(done.review.map((r) => r.options)).toEqual(drawn.map((q) => q.options));
          expect(done.review.map((r) => r.selected)).toEqual(drawn.map((q) => q.options![0]!.id));
        } finally {
          await harness.setQuizBank!(null);
        }
      },
    );

    it.runIf(harness.editQuestion)(
      'reviews and grades an attempt as it was taken after its question is edited',
      async () => {
        const { adapter } = await signedUp(harness);
        const { quiz, questions } = await courseQuiz(adapter);
        const attempt = await adapter.quizzes.startAttempt(quiz.id);
        for (const q of questions) await adapter.quizzes.answer(attempt.id, q.id, 'A');
        const before = await adapter.quizzes.complete(attempt.id);
        const [first] = before.review;
        const restore = await harness.editQuestion!(first!.question_id, {
          question_text: `${first!.question_text} (edited)`,
          correct_answer: first!.correct_answer === 'A' ? 'B' : 'A',
        });
        try {
          const [after] = await adapter.quizzes.attempts(quiz.id);
          expect(after!.attempt.score).toBe(before.attempt.score);
          expect(after!.review).toEqual(before.review);
          const edited = (await adapter.quizzes.get(quiz.id)).questions.find(
            (q) => q.id === first!.question_id,
          );
          expect(edited!.question_text).toBe(`${first!.question_text} (edited)`);
        } finally {
          await restore();
        }
      },
    );
  });
}
