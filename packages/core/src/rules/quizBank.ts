import type { CourseFile, QuizFile } from '../schemas/courseFile';
import type {
  AnswerLetter,
  DrawnQuestion,
  QuizOption,
  QuizQuestion,
  QuizQuestionWithKey,
} from '../schemas/entities';
import { type QuizBankDraw, quizDrawOverBank } from '../studioMessages';

// Question banks: a quiz may draw N of its bank's questions per attempt and show each
// question's options in an order of its own. The draw is stored with the attempt (DESIGN: attempts
// remember what they showed), so review and grading read the attempt, never today's bank. Every
// backend draws here, with a random source it passes in (tests pass a seeded one).

/** A number in [0, 1), as Math.random answers. */
export type RandomSource = () => number;

/** How a quiz draws from its bank; `draw: null` shows every question (today's behaviour). */
export interface QuizBankSettings {
  draw: number | null;
  shuffleOptions: boolean;
}

export const DRAW_ALL: QuizBankSettings = { draw: null, shuffleOptions: false };

/** The options in the order authored, A to D (written out: widgets import this without zod). */
export const AUTHORED_ORDER: readonly AnswerLetter[] = ['A', 'B', 'C', 'D'];

/** A deterministic random source for tests and reproducible runs (mulberry32). */
export function seededRandom(seed: number): RandomSource {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffled<T>(items: readonly T[], random: RandomSource): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * `count` questions of the bank, none twice, shown in the bank's order. No count, or a count the
 * bank does not exceed, is the whole bank in order: a quiz without a draw behaves as before banks.
 */
export function drawQuestions<T>(bank: readonly T[], count: number | null, random: RandomSource): T[] {
  if (count === null || count >= bank.length) return [...bank];
  const chosen = new Set(shuffled(Array.from(bank.keys()), random).slice(0, count));
  return bank.filter((_, i) => chosen.has(i));
}

/** The option ids of one question in the order an attempt shows them. */
export function shuffleOptions(random: RandomSource): AnswerLetter[] {
  return shuffled(AUTHORED_ORDER, random);
}

/** An attempt's draw: which questions (at their current versions) and each one's option order. */
export function drawAttempt(
  bank: ReadonlyArray<{ id: number; version: number }>,
  settings: QuizBankSettings,
  random: RandomSource = Math.random,
): DrawnQuestion[] {
  return drawQuestions(bank, settings.draw, random).map((q) => ({
    question_id: q.id,
    version: q.version,
    options: settings.shuffleOptions ? shuffleOptions(random) : [...AUTHORED_ORDER],
  }));
}

/** A question's options as lettered by its author (A-D) or in an attempt's order. */
export function questionOptions(
  question: Pick<QuizQuestion, 'option_a' | 'option_b' | 'option_c' | 'option_d'>,
  order: readonly AnswerLetter[] = AUTHORED_ORDER,
): QuizOption[] {
  const text: Record<AnswerLetter, string> = {
    A: question.option_a,
    B: question.option_b,
    C: question.option_c,
    D: question.option_d,
  };
  return order.map((id) => ({ id, text: text[id] }));
}

/** The options a client shows for a question: its `options` when sent, else A-D as authored. */
export function shownOptions(question: QuizQuestion): QuizOption[] {
  return question.options ?? questionOptions(question);
}

/** A question as a learner receives it: its options in the given order, no key, no explanation. */
export function publicQuestion(
  question: QuizQuestionWithKey & { version?: number },
  order: readonly AnswerLetter[] = AUTHORED_ORDER,
): QuizQuestion {
  return {
    id: question.id,
    quiz_id: question.quiz_id,
    question_number: question.question_number,
    version: question.version ?? 1,
    question_text: question.question_text,
    option_a: question.option_a,
    option_b: question.option_b,
    option_c: question.option_c,
    option_d: question.option_d,
    options: questionOptions(question, order),
  };
}

/** A drawn question with the content of the version it names and the key of that version. */
export type AttemptQuestion = QuizQuestionWithKey & { version: number; shown: readonly AnswerLetter[] };

/**
 * The questions of an attempt, in the order shown, each as the version the attempt was given.
 * `versionOf` looks a (question, version) up; a version the store no longer has is a broken store.
 */
export function attemptQuestions(
  draw: readonly DrawnQuestion[],
  versionOf: (questionId: number, version: number) => QuizQuestionWithKey | undefined,
): AttemptQuestion[] {
  return draw.map((d) => {
    const question = versionOf(d.question_id, d.version);
    if (!question) throw new Error(`Question ${d.question_id} version ${d.version} is missing`);
    return { ...question, version: d.version, shown: d.options };
  });
}

/** The attempt's questions as the learner receives them (options in the attempt's order). */
export const shownQuestions = (
  questions: ReadonlyArray<QuizQuestionWithKey & Partial<Pick<AttemptQuestion, 'version' | 'shown'>>>,
): QuizQuestion[] => questions.map((q) => publicQuestion(q, q.shown));

/**
 * Why a quiz's draw cannot be used with a bank of `bankSize` questions, in the author's words; null
 * when it can. (A draw that is not a whole number of at least 1 is refused by course.json's schema.)
 */
export function quizDrawProblem(
  kind: QuizBankDraw['kind'],
  draw: number | null | undefined,
  bankSize: number,
): string | null {
  if (draw === null || draw === undefined) return null;
  return draw > bankSize ? quizDrawOverBank({ kind, draw, bankSize }) : null;
}

/** How many questions each quiz's bank holds. */
export interface CourseBanks {
  pre_assessment: number;
  course: number;
}

/**
 * The banks a course folder's quiz files make: the quiz files of the modules course.json lists (the
 * loader reads no other), by path (`quizzes/module-N.json`).
 */
export function courseBanks(
  course: Pick<CourseFile, 'modules'>,
  quizFiles: ReadonlyMap<string, Pick<QuizFile, 'preAssessment' | 'finalQuiz'>>,
): CourseBanks {
  const banks: CourseBanks = { pre_assessment: 0, course: 0 };
  for (const { id } of course.modules) {
    const quiz = quizFiles.get(`quizzes/module-${id}.json`);
    banks.pre_assessment += quiz?.preAssessment.length ?? 0;
    banks.course += quiz?.finalQuiz.length ?? 0;
  }
  return banks;
}

/** course.json's draws its banks cannot fill, by field path (`quizzes.finalQuiz.draw`). */
export function courseDrawProblems(
  course: { quizzes: Record<'preAssessment' | 'finalQuiz', { draw?: number | undefined }> },
  banks: CourseBanks,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const pre = quizDrawProblem('pre_assessment', course.quizzes.preAssessment.draw, banks.pre_assessment);
  if (pre) problems['quizzes.preAssessment.draw'] = pre;
  const final = quizDrawProblem('course', course.quizzes.finalQuiz.draw, banks.course);
  if (final) problems['quizzes.finalQuiz.draw'] = final;
  return problems;
}
