import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import { schema } from '../db/index';
import type { QuestionVersionContent } from '../db/schema';
import type { CourseContent } from './loader';

const { quizzes, quizQuestions, quizQuestionVersions } = schema;

/**
 * Writes the course's quizzes by kind (a quiz without questions is left as it is) and their
 * questions by number; questions past the new count are removed. Answers how many questions
 * were written.
 */
export async function applyQuizzes(
  tx: Pick<Db, 'select' | 'insert' | 'update' | 'delete'>,
  courseId: number,
  contentQuizzes: CourseContent['quizzes'],
): Promise<number> {
  let questions = 0;
  for (const q of contentQuizzes) {
    if (q.questions.length === 0) continue;
    let [quiz] = await tx
      .select()
      .from(quizzes)
      .where(and(eq(quizzes.courseId, courseId), eq(quizzes.kind, q.kind)))
      .orderBy(quizzes.id)
      .limit(1);
    const values = {
      title: q.title,
      description: q.description,
      passingScore: q.passingScore,
      totalQuestions: Math.min(q.draw ?? q.questions.length, q.questions.length),
      drawCount: q.draw ?? null,
      shuffleOptions: q.shuffleOptions ?? false,
    };
    if (quiz) {
      await tx.update(quizzes).set(values).where(eq(quizzes.id, quiz.id));
    } else {
      [quiz] = await tx
        .insert(quizzes)
        .values({ courseId, kind: q.kind, ...values })
        .returning();
    }
    // Ids stay with (quiz, number); a changed question gets a new version, and attempts keep
    // reading the version they were given (quiz_question_versions).
    const before = new Map(
      (await tx.select().from(quizQuestions).where(eq(quizQuestions.quizId, quiz!.id))).map((r) => [
        r.questionNumber,
        r,
      ]),
    );
    for (const [index, question] of q.questions.entries()) {
      const questionNumber = index + 1;
      const content: QuestionVersionContent = {
        question_number: questionNumber,
        question_text: question.question_text,
        option_a: question.option_a,
        option_b: question.option_b,
        option_c: question.option_c,
        option_d: question.option_d,
        correct_answer: question.correct_answer,
        explanation: question.explanation ?? null,
        module_id: question.moduleId,
        objectives: question.objectives ?? null,
      };
      const old = before.get(questionNumber);
      const changed = !old || !sameQuestion(versionContent(old), content);
      const version = !old ? 1 : changed ? old.version + 1 : old.version;
      const row = {
        questionText: content.question_text,
        optionA: content.option_a,
        optionB: content.option_b,
        optionC: content.option_c,
        optionD: content.option_d,
        correctAnswer: content.correct_answer,
        explanation: content.explanation,
        moduleId: content.module_id,
        objectives: content.objectives,
        version,
      };
      const [saved] = await tx
        .insert(quizQuestions)
        .values({ quizId: quiz!.id, questionNumber, ...row })
        .onConflictDoUpdate({ target: [quizQuestions.quizId, quizQuestions.questionNumber], set: row })
        .returning({ id: quizQuestions.id });
      if (changed)
        await tx
          .insert(quizQuestionVersions)
          .values({ quizId: quiz!.id, questionId: saved!.id, version, content })
          .onConflictDoUpdate({
            target: [quizQuestionVersions.questionId, quizQuestionVersions.version],
            set: { content },
          });
      questions += 1;
    }
    await tx
      .delete(quizQuestions)
      .where(
        and(eq(quizQuestions.quizId, quiz!.id), sql`${quizQuestions.questionNumber} > ${q.questions.length}`),
      );
  }
  return questions;
}

/** A stored question's content, as its version records it. */
function versionContent(row: typeof schema.quizQuestions.$inferSelect): QuestionVersionContent {
  return {
    question_number: row.questionNumber,
    question_text: row.questionText,
    option_a: row.optionA,
    option_b: row.optionB,
    option_c: row.optionC,
    option_d: row.optionD,
    correct_answer: row.correctAnswer,
    explanation: row.explanation,
    module_id: row.moduleId,
    objectives: row.objectives,
  };
}

/** Whether two versions of a question say the same (a load that changes nothing makes no version). */
function sameQuestion(a: QuestionVersionContent, b: QuestionVersionContent): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
