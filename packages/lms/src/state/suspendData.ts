import type { AnswerLetter, CourseBundle } from '@coursekit/core';
import type { KeptAttempt, LearnerState } from './learnerState';

/** SCORM 1.2's cmi.suspend_data holds at most 4,096 characters; the same text goes to every standard. */
export const SUSPEND_DATA_LIMIT = 4096;

// The text, version 1 (ASCII, no characters an LMS might escape):
//   ck1~{course version}~{lessons}~{quiz}!{quiz}…
//   lessons: per completed lesson, in completion order, 6 base-36 characters of its key's hash and 6
//            of the second it was completed (since 2020-01-01 UTC)
//   quiz:    {p|c}{index}:{earlier attempts}:{attempt},{attempt}…
//   attempt: {started 6}{completed 6}{score}.{total}.{passed 0|1}.{answers: one letter a–d per
//            question number from 1, '-' for none}[.{option orders: per question number from 1, the
//            order it was shown in as one base-36 digit (its place among the 24 orders of A–D),
//            '-' for A–D or none; only when the quiz shuffles options}]
const PREFIX = 'ck1';
const EPOCH = Date.UTC(2020, 0, 1) / 1000;
const KIND = { p: 'pre_assessment', c: 'course' } as const;

/** Why saved state could not be read; the package shows `message` and keeps the learner going. */
export class SuspendDataError extends Error {
  override readonly name = 'SuspendDataError';
  constructor(readonly reason: 'older-format' | 'unreadable') {
    super(reason);
  }
}

/** FNV-1a: a short, stable hash of a lesson key, the same in every browser. */
function keyHash(key: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h % 36 ** 6).toString(36).padStart(6, '0');
}

const stamp = (iso: string) => {
  const seconds = Math.floor(Date.parse(iso) / 1000) - EPOCH;
  return Math.max(0, Math.min(36 ** 6 - 1, seconds))
    .toString(36)
    .padStart(6, '0');
};
const unstamp = (text: string) => {
  const seconds = Number.parseInt(text, 36);
  if (!/^[0-9a-z]{6}$/.test(text) || Number.isNaN(seconds)) throw new SuspendDataError('unreadable');
  return new Date((seconds + EPOCH) * 1000).toISOString();
};

/** The 24 orders of A–D, in a fixed order: an order is saved as its place here. */
const ORDERS: string[] = (() => {
  const out: string[] = [];
  const build = (prefix: string, rest: string) => {
    if (!rest) out.push(prefix);
    for (const c of rest) build(prefix + c, rest.replace(c, ''));
  };
  build('', 'ABCD');
  return out;
})();

function encodeAttempt(a: KeptAttempt): string {
  const numbers = Object.keys(a.answers).map(Number);
  const last = numbers.length > 0 ? Math.max(...numbers) : 0;
  let letters = '';
  let orders = '';
  for (let n = 1; n <= last; n++) {
    letters += a.answers[n]?.toLowerCase() ?? '-';
    const order = a.orders?.[n];
    orders += order && ORDERS.includes(order) ? ORDERS.indexOf(order).toString(36) : '-';
  }
  const shown = /[^-]/.test(orders) ? `.${orders}` : '';
  return `${stamp(a.startedAt)}${stamp(a.completedAt)}${a.score.toString(36)}.${a.total.toString(36)}.${a.passed ? 1 : 0}.${letters}${shown}`;
}

function decodeAttempt(quizKey: string, text: string): KeptAttempt {
  const match =
    /^([0-9a-z]{6})([0-9a-z]{6})([0-9a-z]+)\.([0-9a-z]+)\.([01])\.([a-d-]*)(?:\.([0-9a-n-]*))?$/.exec(text);
  if (!match) throw new SuspendDataError('unreadable');
  const answers: Record<number, AnswerLetter> = {};
  [...match[6]!].forEach((letter, i) => {
    if (letter !== '-') answers[i + 1] = letter.toUpperCase() as AnswerLetter;
  });
  const orders: Record<number, string> = {};
  [...(match[7] ?? '')].forEach((digit, i) => {
    if (digit !== '-') orders[i + 1] = ORDERS[Number.parseInt(digit, 36)]!;
  });
  return {
    quizKey,
    startedAt: unstamp(match[1]!),
    completedAt: unstamp(match[2]!),
    score: Number.parseInt(match[3]!, 36),
    total: Number.parseInt(match[4]!, 36),
    passed: match[5] === '1',
    answers,
    ...(Object.keys(orders).length > 0 ? { orders } : {}),
  };
}

function quizCode(key: string): string {
  const [kind, index] = key.split('.');
  const letter = kind === 'pre_assessment' ? 'p' : 'c';
  return `${letter}${index}`;
}

/**
 * The learner's state as suspend data, within `limit` characters: when a long history would not
 * fit, the oldest attempts that are not a quiz's best give up their detail and only count.
 */
export function encodeSuspendData(
  bundle: Pick<CourseBundle, 'course'>,
  state: LearnerState,
  limit = SUSPEND_DATA_LIMIT,
): string {
  const attempts = [...state.attempts];
  const earlier = { ...state.earlierAttempts };
  for (;;) {
    const lessons = state.lessons.map((l) => `${keyHash(l.key)}${stamp(l.at)}`).join('');
    const keys = [...new Set([...attempts.map((a) => a.quizKey), ...Object.keys(earlier)])].sort();
    const quizzes = keys.map((key) => {
      const own = attempts.filter((a) => a.quizKey === key).map(encodeAttempt);
      return `${quizCode(key)}:${(earlier[key] ?? 0).toString(36)}:${own.join(',')}`;
    });
    const text = [PREFIX, bundle.course.version, lessons, quizzes.join('!')].join('~');
    if (text.length <= limit) return text;
    const droppable = attempts.findIndex((a) => {
      const own = attempts.filter((b) => b.quizKey === a.quizKey);
      const best = own.reduce((top, b) => (b.score / b.total > top.score / top.total ? b : top));
      return a !== best;
    });
    // Nothing left to give up: the LMS is told what there is, and says if it refuses it.
    if (droppable === -1) return text;
    const [dropped] = attempts.splice(droppable, 1);
    earlier[dropped!.quizKey] = (earlier[dropped!.quizKey] ?? 0) + 1;
  }
}

/**
 * Reads suspend data against the package's course. Lessons are matched by key, so state saved by
 * an older version of the course carries over for every lesson that still exists; `sameVersion`
 * says whether it was saved by this version. Throws SuspendDataError for text it cannot read.
 */
export function decodeSuspendData(
  bundle: Pick<CourseBundle, 'course' | 'lessons'>,
  text: string,
): { state: LearnerState; sameVersion: boolean } {
  const parts = text.split('~');
  if (parts[0] !== PREFIX) throw new SuspendDataError('older-format');
  if (parts.length !== 4) throw new SuspendDataError('unreadable');
  const [, version, lessonText, quizText] = parts as [string, string, string, string];
  if (lessonText.length % 12 !== 0) throw new SuspendDataError('unreadable');
  const byHash = new Map(bundle.lessons.map((l) => [keyHash(l.lesson_key), l.lesson_key]));
  const lessons: LearnerState['lessons'] = [];
  for (let i = 0; i < lessonText.length; i += 12) {
    const key = byHash.get(lessonText.slice(i, i + 6));
    const at = unstamp(lessonText.slice(i + 6, i + 12));
    if (key && !lessons.some((l) => l.key === key)) lessons.push({ key, at });
  }
  const attempts: KeptAttempt[] = [];
  const earlierAttempts: Record<string, number> = {};
  for (const entry of quizText ? quizText.split('!') : []) {
    const match = /^([pc])(\d+):([0-9a-z]+):(.*)$/.exec(entry);
    if (!match) throw new SuspendDataError('unreadable');
    const key = `${KIND[match[1] as 'p' | 'c']}.${match[2]}`;
    const earlier = Number.parseInt(match[3]!, 36);
    if (earlier > 0) earlierAttempts[key] = earlier;
    for (const attempt of match[4] ? match[4].split(',') : []) attempts.push(decodeAttempt(key, attempt));
  }
  attempts.sort((a, b) => a.completedAt.localeCompare(b.completedAt));
  return { state: { lessons, attempts, earlierAttempts }, sameVersion: version === bundle.course.version };
}
