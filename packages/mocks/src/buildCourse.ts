import {
  type CourseOutline,
  type Lesson,
  lessonKey,
  type Module,
  type Quiz,
  type QuizQuestionWithKey,
} from '@coursekit/core';
import type { CourseFixture } from './fixtures/courseFixture';

const createdAt = '2025-01-06T09:00:00.000Z';

/** What the course says about itself (GET /outline), from a fixture: its facts and its modules in order. */
function buildOutline(fixture: CourseFixture): CourseOutline {
  return {
    ...fixture.course,
    objectives: fixture.course.objectives.map((o) => ({ ...o })),
    modules: fixture.modules.map((m) => ({
      id: m.id,
      name: m.name,
      summary: m.summary,
      description: m.description,
      duration_minutes: m.duration_minutes,
    })),
  };
}

/** A question as the memory store keeps it: with its key and the module it is about. */
export type MemoryQuestion = QuizQuestionWithKey & { module_id: number | null; version?: number };

/**
 * The course a memory store serves, from a fixture: its outline, modules in order (with their
 * reading times), lessons with their stable keys
 * (core's lessonKey), the pre-assessment (quiz 1) and the course quiz (quiz 2) with their keys and
 * modules, and each module's test-out threshold (null: off).
 */
export function buildCourse(fixture: CourseFixture, options: { withQuizzes: boolean }) {
  const modules: Module[] = fixture.modules.map((m, i) => ({
    id: m.id,
    name: m.name,
    description: m.description,
    order_index: i + 1,
    duration_minutes: m.duration_minutes,
  }));
  const lessons: Lesson[] = fixture.modules.flatMap((m) =>
    m.lessons.map((l, i) => ({
      id: m.id * 100 + i + 1,
      lesson_key: lessonKey(m.id, i + 1, l.title),
      title: l.title,
      content: l.content,
      content_hash: `fixture-${m.id}-${i + 1}`,
      order: i + 1,
      original_order: i + 1,
      module_id: m.id,
      is_active: true,
      version: 1,
      updated_at: createdAt,
    })),
  );
  const quizzes: Quiz[] = [];
  const questions: MemoryQuestion[] = [];
  if (options.withQuizzes) {
    (
      [
        ['pre_assessment', fixture.preAssessment],
        ['course', fixture.finalQuiz],
      ] as const
    ).forEach(([kind, source], qi) => {
      const quizId = qi + 1;
      quizzes.push({
        id: quizId,
        kind,
        title: source.title,
        description: source.description,
        total_questions: source.questions.length,
        passing_score: source.passing_score,
        created_at: `2025-01-0${qi + 1}T09:00:00.000Z`,
      });
      source.questions.forEach((q, i) => {
        questions.push({
          ...q,
          id: quizId * 100 + i + 1,
          quiz_id: quizId,
          question_number: i + 1,
          version: 1,
        });
      });
    });
  }
  const testOutScores = fixture.modules.map((m) => ({ id: m.id, test_out_score: m.test_out_score }));
  return { outline: buildOutline(fixture), modules, lessons, quizzes, questions, testOutScores };
}
