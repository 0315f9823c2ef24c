import { selectedLetter } from '@coursekit/core';
import type { RecordedAnswer } from '../runtime/LmsRuntime';
import type { CourseState } from '../state/createCourseState';

/**
 * The interactions SCORM 2004 records for committed answers: one per question, identified by the
 * course, the quiz, the attempt (its start, to the second) and the question number, so a retake
 * adds new interactions rather than overwriting the earlier ones.
 */
export function answerRecords(
  course: CourseState,
  attemptId: number,
  questionIds: number[],
): RecordedAnswer[] {
  const attempt = course.findAttempt(attemptId);
  if (!attempt) return [];
  const quiz = course.quizzes.find((q) => q.quiz.id === attempt.quiz_id);
  if (!quiz) return [];
  const started = Math.floor(Date.parse(attempt.started_at) / 1000).toString(36);
  return questionIds.flatMap((id) => {
    const question = quiz.questions.find((q) => q.id === id);
    const letter = selectedLetter(attempt.answers[String(id)]);
    if (!question || !letter) return [];
    return [
      {
        id: `urn:coursekit:${course.bundle.course.slug}:${quiz.key}:${started}:q${question.question_number}`,
        response: letter.toLowerCase(),
        correct: question.correct_answer.toLowerCase(),
        result: letter === question.correct_answer ? ('correct' as const) : ('incorrect' as const),
        objectives: question.objectives,
        description: question.question_text,
        at: new Date().toISOString(),
      },
    ];
  });
}
