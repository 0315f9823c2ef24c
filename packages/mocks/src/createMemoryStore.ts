import {
  type AnswerLetter,
  type AnswerResult,
  type AuthUser,
  type Certificate,
  type CompletedAttempt,
  CourseError,
  DEFAULT_SYSTEM_SETTINGS,
  gradeQuiz,
  type Lesson,
  type Module,
  messages,
  moduleDoesNotExist,
  normalizeDisplayName,
  type Profile,
  type ProgressRecord,
  type ProgressState,
  type Quiz,
  type QuizAttempt,
  type QuizListItem,
  type QuizQuestion,
  type QuizQuestionWithKey,
  type QuizWithQuestions,
  type Role,
  reviewQuestion,
  type Session,
  type SignUpInput,
  type SignUpResult,
  type SystemSettings,
  summarizeProgress,
  summarizeQuizAttempts,
  validateEmail,
  validatePassword,
} from '@coursekit/core';
import { seedAdminWorld } from './admin/seedAdminWorld';
import { buildCourse } from './buildCourse';
import { type CourseFixture, courseFixture } from './fixtures/courseFixture';
import { type ScenarioName, type ScenarioOptions, scenarioOptions } from './scenarios';

/** The learner every scenario signs in, so widgets have someone to show. */
export const DEMO_LEARNER = {
  email: 'ana.silva@example.com',
  password: 'Facility-42-Data',
  name: 'Ana Silva',
  /** A fixed access token for the demo learner, for `createHttpAdapter({ getAccessToken })`. */
  accessToken: 'demo-access-token',
} as const;

/** One account as the memory store keeps it (exported for the admin side, admin/*). */
export interface UserRow {
  user: AuthUser;
  password: string;
  profile: Profile | null;
  roles: Role[];
}

/**
 * In-memory data behind the mocks: the course, accounts, progress and attempts. Every summary and
 * grade is computed by core's rules, as the reference API does. Calls are synchronous and fail with
 * `CourseError`; the adapter and the MSW handlers add latency and failures per the scenario.
 */
export type MemoryStore = ReturnType<typeof createMemoryStore>;

const now = () => new Date().toISOString();

/** Builds a store seeded with a named scenario (default 'new-learner') or a scenario's options. */
export function createMemoryStore(
  scenario: ScenarioName | ScenarioOptions = 'new-learner',
  fixture: CourseFixture = courseFixture,
) {
  const options: ScenarioOptions = typeof scenario === 'string' ? scenarioOptions[scenario] : scenario;
  let sequence = 0;
  const nextId = () => ++sequence;

  const { modules, lessons, quizzes, questions } = buildCourse(fixture, { withQuizzes: !options.noQuizzes });

  // --- mutable state --------------------------------------------------------------------------
  let settings: SystemSettings = {
    ...DEFAULT_SYSTEM_SETTINGS,
    maintenance_mode: options.maintenance ?? false,
    system_message: options.systemMessage?.text ?? null,
    system_message_type: options.systemMessage?.type ?? 'info',
  };
  const settingsListeners = new Set<(s: SystemSettings) => void>();
  const users = new Map<string, UserRow>();
  const byEmail = new Map<string, string>();
  const accessTokens = new Map<string, string>();
  const refreshTokens = new Map<string, string>();
  const progress: ProgressRecord[] = [];
  const attempts: QuizAttempt[] = [];

  // --- helpers --------------------------------------------------------------------------------
  function issueSession(userId: string, accessToken = `access-${nextId()}-${userId}`): Session {
    const refreshToken = `refresh-${nextId()}-${userId}`;
    accessTokens.set(accessToken, userId);
    refreshTokens.set(refreshToken, userId);
    return {
      user: row(userId).user,
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      type: 'normal',
    };
  }
  function row(userId: string): UserRow {
    const found = users.get(userId);
    if (!found) throw new CourseError('unauthorized', messages.sessionInvalid);
    return found;
  }
  function quizOf(quizId: number): Quiz {
    const quiz = quizzes.find((q) => q.id === quizId);
    if (!quiz) throw new CourseError('not_found', messages.quizNotFound);
    return quiz;
  }
  function ownAttempt(userId: string, attemptId: number): QuizAttempt {
    const attempt = attempts.find((a) => a.id === attemptId && a.user_id === userId);
    if (!attempt) throw new CourseError('not_found', 'Attempt not found');
    return attempt;
  }
  const questionsOf = (quizId: number) => questions.filter((q) => q.quiz_id === quizId);
  const publicQuestion = ({ correct_answer: _c, explanation: _e, ...q }: QuizQuestionWithKey): QuizQuestion =>
    q;

  function review(attempt: QuizAttempt): CompletedAttempt {
    return {
      attempt,
      review: questionsOf(attempt.quiz_id).map((q) => reviewQuestion(q, attempt.answers[String(q.id)])),
    };
  }

  function progressState(userId: string): ProgressState {
    const records = progress.filter((r) => r.user_id === userId);
    const summary = summarizeProgress({
      modules,
      lessons,
      records,
      quizzes,
      attempts: attempts.filter((a) => a.user_id === userId && a.completed_at !== null),
    });
    return { records: records.map((r) => ({ ...r })), summary };
  }

  function setCompleted(userId: string, key: string, completed: boolean, at = now()): ProgressState {
    const lesson = lessons.find((l) => l.lesson_key === key);
    if (!lesson) throw new CourseError('not_found', `Lesson ${key} does not exist`);
    const existing = progress.find((r) => r.user_id === userId && r.lesson_key === key);
    if (existing) {
      existing.completed = completed;
      existing.updated_at = at;
    } else {
      progress.push({
        id: nextId(),
        user_id: userId,
        lesson_id: lesson.id,
        lesson_key: key,
        module_id: lesson.module_id,
        completed,
        lesson_order: lesson.order,
        tracking_method: 'stable',
        updated_at: at,
      });
    }
    return progressState(userId);
  }

  function grade(attempt: QuizAttempt, at = now()): CompletedAttempt {
    const quiz = quizOf(attempt.quiz_id);
    const result = gradeQuiz(questionsOf(quiz.id), attempt.answers, quiz.passing_score);
    Object.assign(attempt, result, { completed_at: at });
    return review(attempt);
  }

  const store = {
    /** The scenario this store was seeded with. */
    options,
    modulesList: modules,
    lessonsList: lessons,
    quizzesList: quizzes,
    /** The raw tables and helpers, for the admin side (admin/*), which works on every account. */
    tables: { users, byEmail, accessTokens, progress, attempts, questionsOf, nextId, grade, fixture },

    // --- settings -----------------------------------------------------------------------------
    settings(): SystemSettings {
      return { ...settings };
    },
    /** Changes the settings and tells every subscriber, as the API's realtime stream does. */
    setSettings(patch: Partial<Omit<SystemSettings, 'id' | 'created_at'>>): SystemSettings {
      settings = { ...settings, ...patch, updated_at: now() };
      for (const listener of settingsListeners) listener({ ...settings });
      return { ...settings };
    },
    subscribeSettings(listener: (s: SystemSettings) => void): () => void {
      settingsListeners.add(listener);
      return () => settingsListeners.delete(listener);
    },

    // --- auth ---------------------------------------------------------------------------------
    signUp(input: SignUpInput): SignUpResult {
      const email = validateEmail(input.email);
      if (!email.ok) throw new CourseError('validation_error', email.error, { email: email.error });
      const password = validatePassword(input.password);
      if (!password.ok) throw new CourseError('weak_password', password.error, { password: password.error });
      if (byEmail.has(email.value)) {
        throw new CourseError('user_already_registered', messages.authUserAlreadyRegistered);
      }
      const id = `user-${nextId()}`;
      const at = now();
      const user: AuthUser = {
        id,
        email: email.value,
        email_confirmed_at: null,
        created_at: at,
        last_sign_in_at: at,
        user_metadata: { name: input.name?.trim() || null },
      };
      users.set(id, { user, password: input.password, profile: null, roles: ['user'] });
      byEmail.set(email.value, id);
      return { user, session: issueSession(id) };
    },
    signIn(input: { email: string; password: string }): Session {
      const id = byEmail.get(input.email.trim().toLowerCase());
      const found = id ? users.get(id) : undefined;
      if (!found || found.password !== input.password) {
        throw new CourseError('invalid_credentials', messages.authInvalidCredentials);
      }
      return issueSession(found.user.id);
    },
    refresh(refreshToken: string): Session {
      const id = refreshTokens.get(refreshToken);
      if (!id) throw new CourseError('unauthorized', messages.sessionExpired);
      refreshTokens.delete(refreshToken);
      return issueSession(id);
    },
    signOut(accessToken: string | null): void {
      if (accessToken) accessTokens.delete(accessToken);
    },
    /** The user an access token belongs to; fails with `unauthorized` ('No active session'). */
    userFor(accessToken: string | null | undefined): AuthUser {
      const id = accessToken ? accessTokens.get(accessToken) : undefined;
      if (!id) throw new CourseError('unauthorized', messages.sessionMissing);
      return row(id).user;
    },
    /** A new session for an existing access token (the demo learner's, for adapters). */
    sessionFor(accessToken: string): Session {
      const user = store.userFor(accessToken);
      return {
        user,
        access_token: accessToken,
        refresh_token: `refresh-${nextId()}-${user.id}`,
        expires_at: Math.floor(Date.now() / 1000) + 3600,
        type: 'normal',
      };
    },

    // --- profile ------------------------------------------------------------------------------
    profile(userId: string): Profile {
      const r = row(userId);
      if (!r.profile) {
        const at = now();
        r.profile = {
          id: `profile-${userId}`,
          user_id: userId,
          display_name: r.user.user_metadata.name || r.user.email.split('@')[0] || null,
          avatar_url: null,
          created_at: at,
          updated_at: at,
        };
      }
      return { ...r.profile };
    },
    updateProfile(
      userId: string,
      input: { display_name?: string | null; avatar_url?: string | null },
    ): Profile {
      const current = store.profile(userId);
      const next: Profile = {
        ...current,
        ...(input.display_name !== undefined
          ? { display_name: normalizeDisplayName(input.display_name) }
          : {}),
        ...(input.avatar_url !== undefined ? { avatar_url: input.avatar_url?.trim() || null } : {}),
        updated_at: now(),
      };
      row(userId).profile = next;
      return { ...next };
    },
    roles(userId: string): Role[] {
      return [...row(userId).roles];
    },

    // --- course -------------------------------------------------------------------------------
    modules(): Module[] {
      return modules.map((m) => ({ ...m }));
    },
    lessons(moduleId: number): Lesson[] {
      if (!modules.some((m) => m.id === moduleId))
        throw new CourseError('not_found', moduleDoesNotExist(moduleId));
      return lessons.filter((l) => l.module_id === moduleId && l.is_active).map((l) => ({ ...l }));
    },

    // --- progress -----------------------------------------------------------------------------
    progress: progressState,
    setLessonCompleted(userId: string, key: string, completed: boolean): ProgressState {
      return setCompleted(userId, key, completed);
    },
    resetProgress(userId: string): ProgressState {
      for (const list of [progress, attempts] as Array<Array<{ user_id: string }>>) {
        for (let i = list.length - 1; i >= 0; i--) if (list[i]!.user_id === userId) list.splice(i, 1);
      }
      return progressState(userId);
    },
    resetModule(userId: string, moduleId: number): ProgressState {
      if (!modules.some((m) => m.id === moduleId))
        throw new CourseError('not_found', moduleDoesNotExist(moduleId));
      for (let i = progress.length - 1; i >= 0; i--) {
        const r = progress[i]!;
        if (r.user_id === userId && r.module_id === moduleId) progress.splice(i, 1);
      }
      return progressState(userId);
    },

    // --- quizzes ------------------------------------------------------------------------------
    quizList(userId: string): QuizListItem[] {
      return [...quizzes]
        .sort((a, b) => a.created_at.localeCompare(b.created_at))
        .map((quiz) => ({
          quiz: { ...quiz },
          summary: summarizeQuizAttempts(
            attempts.filter((a) => a.user_id === userId && a.quiz_id === quiz.id),
          ),
        }));
    },
    quiz(quizId: number): QuizWithQuestions {
      const quiz = quizOf(quizId);
      const list = questionsOf(quizId);
      if (list.length === 0) throw new CourseError('not_found', messages.quizNotFound);
      return { quiz: { ...quiz }, questions: list.map(publicQuestion) };
    },
    startAttempt(userId: string, quizId: number): QuizAttempt {
      const quiz = quizOf(quizId);
      const attempt: QuizAttempt = {
        id: nextId(),
        user_id: userId,
        quiz_id: quiz.id,
        score: 0,
        total_questions: questionsOf(quiz.id).length,
        percentage: 0,
        passed: false,
        answers: {},
        started_at: now(),
        completed_at: null,
      };
      attempts.push(attempt);
      return { ...attempt, answers: {} };
    },
    answer(userId: string, attemptId: number, questionId: number, letter: AnswerLetter): AnswerResult {
      const attempt = ownAttempt(userId, attemptId);
      const question = questionsOf(attempt.quiz_id).find((q) => q.id === questionId);
      if (!question) throw new CourseError('not_found', 'Question not found');
      if (attempt.completed_at !== null || attempt.answers[String(questionId)] !== undefined) {
        throw new CourseError('conflict', 'This question has already been answered.');
      }
      attempt.answers[String(questionId)] = letter;
      return {
        question_id: questionId,
        selected: letter,
        isCorrect: letter === question.correct_answer,
        correct_answer: question.correct_answer,
        explanation: question.explanation,
      };
    },
    complete(userId: string, attemptId: number, answers?: Record<string, AnswerLetter>): CompletedAttempt {
      const attempt = ownAttempt(userId, attemptId);
      if (attempt.completed_at !== null)
        throw new CourseError('conflict', 'This attempt is already complete.');
      const quiz = quizOf(attempt.quiz_id);
      const list = questionsOf(quiz.id);
      if (quiz.kind === 'pre_assessment' && answers) {
        // learner §3: pre-assessment answers are stored as { selected, correct, isCorrect }.
        attempt.answers = Object.fromEntries(
          list.flatMap((q) => {
            const selected = answers[String(q.id)];
            return selected
              ? [
                  [
                    String(q.id),
                    { selected, correct: q.correct_answer, isCorrect: selected === q.correct_answer },
                  ],
                ]
              : [];
          }),
        );
      }
      if (list.some((q) => attempt.answers[String(q.id)] === undefined)) {
        throw new CourseError(
          'validation_error',
          'Every question needs an answer before the quiz is complete.',
        );
      }
      return grade(attempt);
    },
    attempts(userId: string, quizId: number): CompletedAttempt[] {
      return attempts
        .filter((a) => a.user_id === userId && a.quiz_id === quizId && a.completed_at !== null)
        .sort((a, b) => b.completed_at!.localeCompare(a.completed_at!))
        .map((a) => review({ ...a }));
    },

    // --- certificate --------------------------------------------------------------------------
    certificate(userId: string): Certificate | null {
      if (!progressState(userId).summary.courseComplete) return null;
      const r = row(userId);
      return {
        code: `CK-${userId.toUpperCase()}`,
        learner_name: store.profile(userId).display_name ?? r.user.email,
        course_title: fixture.course.title,
        issued_at: now(),
      };
    },
    verifyCertificate(code: string): { valid: boolean; certificate: Certificate | null } {
      const owner = [...users.keys()].find((id) => `CK-${id.toUpperCase()}` === code);
      const certificate = owner ? store.certificate(owner) : null;
      return { valid: certificate !== null, certificate };
    },
  };

  // --- the scenario's learner -----------------------------------------------------------------
  if (options.learner !== false) {
    const { user } = store.signUp({
      email: DEMO_LEARNER.email,
      password: DEMO_LEARNER.password,
      name: DEMO_LEARNER.name,
    });
    accessTokens.set(DEMO_LEARNER.accessToken, user.id);
    let minute = 0;
    // Seeded events are spread over the past days, oldest first, so "last" and "best" mean something.
    const past = () => new Date(Date.UTC(2025, 2, 3, 9, minute++)).toISOString();
    for (const [moduleId, count] of Object.entries(options.completed ?? {})) {
      for (const lesson of lessons.filter((l) => l.module_id === Number(moduleId)).slice(0, count)) {
        setCompleted(user.id, lesson.lesson_key, true, past());
      }
    }
    for (const seed of options.attempts ?? []) {
      const quiz = quizzes.find((q) => q.kind === seed.quiz);
      if (!quiz) continue;
      const attempt = store.startAttempt(user.id, quiz.id);
      const stored = attempts.find((a) => a.id === attempt.id)!;
      stored.started_at = past();
      questionsOf(quiz.id).forEach((q, i) => {
        const letter = i < seed.correct ? q.correct_answer : q.correct_answer === 'A' ? 'B' : 'A';
        stored.answers[String(q.id)] =
          seed.quiz === 'pre_assessment'
            ? { selected: letter, correct: q.correct_answer, isCorrect: letter === q.correct_answer }
            : letter;
      });
      grade(stored, past());
    }
  }

  if (options.admin) seedAdminWorld(store);
  return store;
}
