import { lessonTab, moduleAction } from '@coursekit/core';
import { describe, expect, it } from 'vitest';
import { defaultCourseStrings } from './courseStrings';
import { lessonTabText, MODULE_ACTION_TEXT } from './ruleTexts';

// core's rules answer meanings; these are the words the spec gives them (learner §2/§4).
describe('the words for what core’s rules decide', () => {
  it("lesson tabs read 'Intro', then 'Lesson N'", () => {
    const texts = [0, 1, 4].map((i) => lessonTabText(defaultCourseStrings, lessonTab(i)));
    expect(texts).toEqual(['Intro', 'Lesson 1', 'Lesson 4']);
  });

  it('a host’s texts replace them, the number still in place', () => {
    const german = { lessonTabIntro: 'Einführung', lessonTab: 'Lektion {number}' };
    expect([0, 3].map((i) => lessonTabText(german, lessonTab(i)))).toEqual(['Einführung', 'Lektion 3']);
  });

  it("module buttons read 'Start Module' at 0% and 'Continue' below 100%", () => {
    const text = (percent: number) => {
      const action = moduleAction(percent);
      return action === 'complete' ? action : defaultCourseStrings[MODULE_ACTION_TEXT[action]];
    };
    expect([0, 1, 99, 100].map(text)).toEqual(['Start Module', 'Continue', 'Continue', 'complete']);
  });
});
