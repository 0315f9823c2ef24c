import {
  type AttemptStorage,
  createAttemptFlow,
  DRAW_ALL,
  type QuizAttempt,
  type RandomSource,
} from '@coursekit/core';
import type { MemoryQuestion } from '../buildCourse';
import { type MemoryTables, now } from './memoryTables';

/**
 * Core's attempt flow on a memory store's tables: the store only keeps the rows (attempts, their
 * draws, every version of every question); what may be done and what it answers is core's, as on
 * the reference API. `setRandom` changes where later draws come from (tests pass seededRandom).
 */
export function memoryAttemptFlow(tables: MemoryTables) {
  const { quizzes, attempts, questionsOf, nextId, draws, quizBanks } = tables;
  /** Every version of every question, by `${id}:${version}` (an attempt reads the version it was given). */
  const versions = new Map<string, MemoryQuestion>(
    tables.questions.map((q) => [`${q.id}:${q.version ?? 1}`, { ...q }]),
  );
  let random: RandomSource = Math.random;

  const storage: AttemptStorage = {
    quiz: (quizId) => quizzes.find((q) => q.id === quizId),
    quizzes: () => [...quizzes].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id),
    bank: (quizId) => questionsOf(quizId).map((q) => ({ id: q.id, version: q.version ?? 1 })),
    bankSettings: (quizId) => quizBanks.get(quizId) ?? DRAW_ALL,
    questionVersion: (questionId, version) => versions.get(`${questionId}:${version}`),
    archived: () => tables.course.status === 'archived',
    insertAttempt(attempt, draw) {
      const stored: QuizAttempt = { id: nextId(), ...attempt };
      attempts.push(stored);
      draws.set(stored.id, [...draw]);
      return stored;
    },
    attempt: (userId, attemptId) => attempts.find((a) => a.id === attemptId && a.user_id === userId),
    draw: (attemptId) => draws.get(attemptId),
    saveAnswer(attempt, questionId, answer) {
      attempt.answers[String(questionId)] = answer;
    },
    saveCompleted: (attempt, grade) => Object.assign(attempt, grade),
    completedAttempts: (userId) => attempts.filter((a) => a.user_id === userId && a.completed_at !== null),
    testOutScores: () => tables.testOutScores,
    moduleQuestions: () => tables.questions,
  };

  return {
    flow: createAttemptFlow(storage, { now, random: () => random() }),
    /** Keeps a question's new version beside the ones attempts were given. */
    putVersion(question: MemoryQuestion): void {
      versions.set(`${question.id}:${question.version ?? 1}`, { ...question });
    },
    setRandom(source: RandomSource): void {
      random = source;
    },
  };
}

export type MemoryAttemptFlow = ReturnType<typeof memoryAttemptFlow>;
