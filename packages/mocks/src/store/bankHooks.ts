import { seededRandom } from '@coursekit/core';
import type { ConformanceHarness } from '@coursekit/core/testing';
import type { MemoryStore } from './createMemoryStore';

/**
 * The conformance suite's question-bank hooks on a memory store: the course quiz's draw
 * as a course.json would set it (draws from a seeded source, so a run is repeatable), and an
 * author's edit of a question, put back afterwards.
 */
export function bankHooks(store: MemoryStore): Pick<ConformanceHarness, 'setQuizBank' | 'editQuestion'> {
  const courseQuiz = () => store.quizzesList.find((q) => q.kind === 'course')!.id;
  return {
    setQuizBank: (settings) => store.setQuizBank(courseQuiz(), settings, seededRandom(17)),
    editQuestion: async (questionId, edit) => {
      const question = store.tables.questions.find((q) => q.id === questionId)!;
      const before = { question_text: question.question_text, correct_answer: question.correct_answer };
      store.editQuestion(questionId, edit);
      return () => store.editQuestion(questionId, before);
    },
  };
}
