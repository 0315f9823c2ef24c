import { lessonKey } from '../rules/lessonKey';
import { MIN_SECTION_LENGTH } from './moduleMarkdown';

// What moving a lesson keeps. Learners' completions follow a lesson's key, which publishing derives
// from its module, its place among the module's published lessons and its title
// (`module_{id}_{order}_{slug}`). A move that changes any of the three starts the lesson afresh for
// every learner, and so does a move that shifts the lessons after the place it leaves or enters.

/** A module's lessons as the outline lists them (a section too short to be a lesson is not published). */
export interface MoveModule {
  id: number;
  lessons: ReadonlyArray<{ title: string; characters: number }>;
}

export interface LessonMove {
  fromModule: number;
  fromIndex: number;
  toModule: number;
  /** Its index among the target module's lessons after the move. */
  toIndex: number;
}

export interface LessonMoveEffect {
  /** Learners' completions of the moved lesson carry over to its new place. */
  keepsMoved: boolean;
  /** The other lessons whose completions do not carry over (their place among the published changes). */
  others: Array<{ module: number; title: string }>;
}

interface Placed {
  module: number;
  title: string;
  characters: number;
}

/** Each published lesson's key, by the placed lesson it belongs to. */
function keysOf(modules: ReadonlyMap<number, readonly Placed[]>): Map<Placed, string> {
  const keys = new Map<Placed, string>();
  for (const [id, lessons] of modules) {
    let order = 0;
    for (const lesson of lessons)
      if (lesson.characters > MIN_SECTION_LENGTH) keys.set(lesson, lessonKey(id, ++order, lesson.title));
  }
  return keys;
}

/** What a lesson's move keeps of its learners' completions, and of the lessons it shifts. */
export function lessonMoveEffect(modules: readonly MoveModule[], move: LessonMove): LessonMoveEffect {
  const placed = (m: MoveModule | undefined): Placed[] =>
    (m?.lessons ?? []).map((l) => ({ module: m!.id, title: l.title, characters: l.characters }));
  const from = placed(modules.find((m) => m.id === move.fromModule));
  const to = move.toModule === move.fromModule ? from : placed(modules.find((m) => m.id === move.toModule));
  const before = new Map([
    [move.fromModule, from],
    [move.toModule, to],
  ]);
  const moved = from[move.fromIndex];
  if (!moved) return { keepsMoved: true, others: [] };
  const afterFrom = from.filter((l) => l !== moved);
  const afterTo = move.toModule === move.fromModule ? afterFrom : [...to];
  afterTo.splice(move.toIndex, 0, moved);
  const after = new Map([
    [move.fromModule, afterFrom],
    [move.toModule, afterTo],
  ]);
  const was = keysOf(before);
  const now = keysOf(after);
  const kept = (l: Placed) => !was.has(l) || was.get(l) === now.get(l);
  return {
    keepsMoved: kept(moved),
    others: [...was.keys()]
      .filter((l) => l !== moved && !kept(l))
      .map(({ module, title }) => ({ module, title })),
  };
}

/** The move's effect on learners, as the studio says it before the author confirms. */
export function lessonMoveWarning(effect: LessonMoveEffect): string {
  const others =
    effect.others.length === 0
      ? ''
      : ` Nor will those of ${effect.others.length === 1 ? 'the lesson' : `${effect.others.length} lessons`} it shifts: ${effect.others
          .map((o) => `“${o.title}” (Module ${o.module})`)
          .join(', ')}.`;
  const moved = effect.keepsMoved
    ? 'Learners keep their completions of this lesson.'
    : 'Learners who completed this lesson will have to complete it again: their completions will not carry over at the next publish.';
  return `${moved}${others}`;
}

/** The lessons whose completions do not carry over when the lesson at `index` is removed (those after it shift). */
export function lessonRemoveEffect(
  modules: readonly MoveModule[],
  module: number,
  index: number,
): LessonMoveEffect['others'] {
  const found = modules.find((m) => m.id === module);
  if (!found) return [];
  const before = found.lessons.map((l) => ({ module, title: l.title, characters: l.characters }));
  const removed = before[index];
  const was = keysOf(new Map([[module, before]]));
  const now = keysOf(new Map([[module, before.filter((l) => l !== removed)]]));
  return before
    .filter((l) => l !== removed && was.has(l) && was.get(l) !== now.get(l))
    .map(({ module, title }) => ({ module, title }));
}

/** What removing a lesson does, as the studio says it before the author confirms. */
export function lessonRemoveWarning(others: LessonMoveEffect['others']): string {
  const base = 'The lesson goes from the draft. Learners keep it until the next publish, which retires it.';
  if (others.length === 0) return `${base} Their completions of the other lessons stay.`;
  return `${base} Their completions of the lessons after it will not carry over (their place changes): ${others
    .map((o) => `“${o.title}”`)
    .join(', ')}.`;
}
