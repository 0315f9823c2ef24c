import {
  type AuthUser,
  CourseError,
  DEFAULT_SYSTEM_SETTINGS,
  type DrawnQuestion,
  messages,
  type Profile,
  type ProgressRecord,
  type QuizAttempt,
  type QuizBankSettings,
  type Role,
  type SystemSettings,
} from '@coursekit/core';
import { buildCourse } from '../buildCourse';
import type { CourseFixture } from '../fixtures/courseFixture';
import type { ScenarioOptions } from '../scenarios';

/** One account as the memory store keeps it. */
export interface UserRow {
  user: AuthUser;
  password: string;
  profile: Profile | null;
  roles: Role[];
}

let last = 0;
/**
 * The time of a write: never the same twice (a database's clock has microseconds; two writes in
 * one millisecond here would otherwise tie, and "newest first" would depend on ids).
 */
export function now(): string {
  last = Math.max(Date.now(), last + 1);
  return new Date(last).toISOString();
}

/**
 * The rows behind a memory store: the course built from its fixture, accounts and their tokens,
 * progress records, quiz attempts and the system settings. Each feature of the store (accounts,
 * progress, quizzes, …) reads and writes these; the admin side works on the same rows.
 */
export function createMemoryTables(options: ScenarioOptions, fixture: CourseFixture) {
  let sequence = 0;
  const { outline, modules, lessons, quizzes, questions, testOutScores } = buildCourse(fixture, {
    withQuizzes: !options.noQuizzes,
  });
  const users = new Map<string, UserRow>();
  return {
    fixture,
    outline,
    modules,
    lessons,
    quizzes,
    questions,
    /** Each module's test-out threshold (null: it cannot be tested out). */
    testOutScores,
    users,
    /**
     * The course's status: an archived course keeps every learner's records and starts no attempt
     * (set by tests, as an admin would archive a course on the API).
     */
    course: { status: 'published' as 'published' | 'archived' },
    /** Account ids by normalised e-mail. */
    byEmail: new Map<string, string>(),
    accessTokens: new Map<string, string>(),
    refreshTokens: new Map<string, string>(),
    progress: [] as ProgressRecord[],
    attempts: [] as QuizAttempt[],
    /** What each attempt drew, by attempt id (question banks). */
    draws: new Map<number, DrawnQuestion[]>(),
    /** How each quiz draws, by quiz id (absent: every question, options A-D). */
    quizBanks: new Map<number, QuizBankSettings>(),
    settings: {
      current: {
        ...DEFAULT_SYSTEM_SETTINGS,
        maintenance_mode: options.maintenance ?? false,
        system_message: options.systemMessage?.text ?? null,
        system_message_type: options.systemMessage?.type ?? 'info',
        platform: { ...fixture.platform },
      } as SystemSettings,
      listeners: new Set<(s: SystemSettings) => void>(),
    },
    nextId: () => ++sequence,
    questionsOf: (quizId: number) => questions.filter((q) => q.quiz_id === quizId),
    /** The account of a signed-in user; one that is gone counts as a session no longer valid. */
    row(userId: string): UserRow {
      const found = users.get(userId);
      if (!found) throw new CourseError('unauthorized', messages.sessionInvalid);
      return found;
    },
  };
}

export type MemoryTables = ReturnType<typeof createMemoryTables>;
