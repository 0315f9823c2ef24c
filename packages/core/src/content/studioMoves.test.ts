import { describe, expect, it } from 'vitest';
import { lessonMoveEffect, lessonMoveWarning, lessonRemoveEffect, lessonRemoveWarning } from './studioMoves';

const long = 200;
const modules = [
  {
    id: 1,
    lessons: [
      { title: 'Intro', characters: long },
      { title: 'Meters', characters: long },
      { title: 'Summary', characters: long },
    ],
  },
  {
    id: 2,
    lessons: [
      { title: 'Trends', characters: long },
      { title: 'Wrap-up', characters: long },
    ],
  },
];

describe('what a lesson move keeps', () => {
  it('a lesson moved to another module starts afresh, and so do the lessons it shifts in both', () => {
    const effect = lessonMoveEffect(modules, { fromModule: 1, fromIndex: 1, toModule: 2, toIndex: 1 });
    expect(effect.keepsMoved).toBe(false);
    expect(effect.others).toEqual([
      { module: 1, title: 'Summary' },
      { module: 2, title: 'Wrap-up' },
    ]);
  });

  it('a last lesson moved to the end of another module shifts no other lesson', () => {
    const effect = lessonMoveEffect(modules, { fromModule: 1, fromIndex: 2, toModule: 2, toIndex: 2 });
    expect(effect).toEqual({ keepsMoved: false, others: [] });
  });

  it('a move that keeps the module and the place keeps every completion', () => {
    expect(lessonMoveEffect(modules, { fromModule: 2, fromIndex: 0, toModule: 2, toIndex: 0 })).toEqual({
      keepsMoved: true,
      others: [],
    });
  });

  it('a section too short to be published keeps nothing to lose and takes no place', () => {
    const withDraft = [
      { id: 1, lessons: [{ title: 'Stub', characters: 3 }, ...modules[0]!.lessons] },
      modules[1]!,
    ];
    const effect = lessonMoveEffect(withDraft, { fromModule: 1, fromIndex: 0, toModule: 2, toIndex: 2 });
    expect(effect).toEqual({ keepsMoved: true, others: [] });
  });

  it('says what learners lose before the author confirms', () => {
    const effect = lessonMoveEffect(modules, { fromModule: 1, fromIndex: 1, toModule: 2, toIndex: 2 });
    expect(lessonMoveWarning(effect)).toBe(
      'Learners who completed this lesson will have to complete it again: their completions will not carry over at the next publish. Nor will those of the lesson it shifts: “Summary” (Module 1).',
    );
  });

  it('says which lessons after a removed one lose their completions', () => {
    const others = lessonRemoveEffect(modules, 1, 0);
    expect(others).toEqual([
      { module: 1, title: 'Meters' },
      { module: 1, title: 'Summary' },
    ]);
    expect(lessonRemoveWarning(others)).toContain(
      'will not carry over (their place changes): “Meters”, “Summary”.',
    );
    expect(lessonRemoveWarning(lessonRemoveEffect(modules, 1, 2))).toContain(
      'Their completions of the other lessons stay.',
    );
  });
});
