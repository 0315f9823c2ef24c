import type { CourseAdapter } from '../adapter/CourseAdapter';
import type { AnswerLetter, CompletedAttempt, QuizKind } from '../schemas/entities';
import type { AdminWorld } from './adminConformance';
import { CONFORMANCE_PASSWORD, uniqueEmail } from './expectations';

// What the admin checks have learners do, through the learner's own adapter, so that every backend
// gets its data the way it gets it in production.

/** A quiz's questions in order, with their keys. */
export interface QuizKeys {
  quizId: number;
  kind: QuizKind;
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
        pre: {
          quizId: pre,
          kind: 'pre_assessment' as const,
          questions: review.map((r) => ({ id: r.question_id, key: r.correct_answer })),
        },
        course: { quizId: course, kind: 'course' as const, questions: courseKeys },
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

/**
 * A quiz taken with its first `right` answers correct: the pre-assessment's all sent with
 * complete, a course quiz's each locked in turn (learner §4).
 */
export async function takeQuiz(
  adapter: CourseAdapter,
  keys: QuizKeys,
  right: number,
): Promise<CompletedAttempt> {
  const attempt = await adapter.quizzes.startAttempt(keys.quizId);
  const letters = keys.questions.map((q, i) => [q.id, i < right ? q.key : wrong(q.key)] as const);
  if (keys.kind === 'pre_assessment') {
    return adapter.quizzes.complete(
      attempt.id,
      Object.fromEntries(letters.map(([id, l]) => [String(id), l])),
    );
  }
  for (const [id, letter] of letters) await adapter.quizzes.answer(attempt.id, id, letter);
  return adapter.quizzes.complete(attempt.id);
}
