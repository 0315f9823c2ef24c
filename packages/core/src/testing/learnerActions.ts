import type { CourseAdapter } from '../adapter/CourseAdapter';
import type { AnswerLetter, CompletedAttempt } from '../schemas/entities';
import type { AdminWorld } from './adminConformance';
import { CONFORMANCE_PASSWORD, uniqueEmail } from './expectations';

// What the admin checks have learners do, through the learner's own adapter, so that every backend
// gets its data the way it gets it in production.

/** A quiz's questions in order, with their keys. */
export interface QuizKeys {
  quizId: number;
  questions: Array<{ id: number; key: AnswerLetter }>;
}

const wrong = (key: AnswerLetter): AnswerLetter => (key === 'A' ? 'B' : 'A');
const learned = new WeakMap<AdminWorld, Promise<{ pre: QuizKeys; course: QuizKeys }>>();

/**
 * Both quizzes' keys, learned once per world by an admin taking them (answers reveal the key once
 * locked; an admin's attempts count in no learner figure).
 */
export function quizKeys(world: AdminWorld): Promise<{ pre: QuizKeys; course: QuizKeys }> {
  let keys = learned.get(world);
  if (!keys) {
    keys = (async () => {
      const admin = await world.makeAdmin();
      const email = uniqueEmail('key.reader');
      await admin.users.create({
        email,
        password: CONFORMANCE_PASSWORD,
        displayName: 'Key Reader',
        sendInvite: false,
        roles: ['admin', 'user'],
      });
      const reader = await world.makeAdapter();
      await reader.auth.signIn({ email, password: CONFORMANCE_PASSWORD });
      const list = await reader.quizzes.list();
      const pre = list.find((q) => q.quiz.kind === 'pre_assessment')!.quiz.id;
      const course = list.find((q) => q.quiz.kind === 'course')!.quiz.id;
      const preQuestions = (await reader.quizzes.get(pre)).questions;
      const preAttempt = await reader.quizzes.startAttempt(pre);
      const review = (
        await reader.quizzes.complete(
          preAttempt.id,
          Object.fromEntries(preQuestions.map((q) => [String(q.id), 'A'])),
        )
      ).review;
      const courseAttempt = await reader.quizzes.startAttempt(course);
      const courseKeys = [];
      for (const q of (await reader.quizzes.get(course)).questions) {
        const result = await reader.quizzes.answer(courseAttempt.id, q.id, 'A');
        courseKeys.push({ id: q.id, key: result.correct_answer });
      }
      return {
        pre: { quizId: pre, questions: review.map((r) => ({ id: r.question_id, key: r.correct_answer })) },
        course: { quizId: course, questions: courseKeys },
      };
    })();
    learned.set(world, keys);
  }
  return keys;
}

/** The first `count` lessons of the course, in course order, completed. */
export async function completeLessons(adapter: CourseAdapter, count: number): Promise<void> {
  let left = count;
  for (const m of await adapter.course.modules()) {
    for (const lesson of await adapter.course.lessons(m.id)) {
      if (left-- <= 0) return;
      await adapter.progress.setLessonCompleted(lesson.lesson_key, true);
    }
  }
}

/** The pre-assessment with its first `right` answers correct, all sent with complete. */
export async function takePreAssessment(
  adapter: CourseAdapter,
  { quizId, questions }: QuizKeys,
  right: number,
): Promise<CompletedAttempt> {
  const attempt = await adapter.quizzes.startAttempt(quizId);
  return adapter.quizzes.complete(
    attempt.id,
    Object.fromEntries(questions.map((q, i) => [String(q.id), i < right ? q.key : wrong(q.key)])),
  );
}

/** The course quiz, each answer locked in turn, the first `right` correct. */
export async function takeCourseQuiz(
  adapter: CourseAdapter,
  { quizId, questions }: QuizKeys,
  right: number,
): Promise<CompletedAttempt> {
  const attempt = await adapter.quizzes.startAttempt(quizId);
  for (const [i, q] of questions.entries()) {
    await adapter.quizzes.answer(attempt.id, q.id, i < right ? q.key : wrong(q.key));
  }
  return adapter.quizzes.complete(attempt.id);
}
