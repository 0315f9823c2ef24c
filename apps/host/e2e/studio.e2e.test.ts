import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { expectAccessible, grant, signUp, uniqueEmail } from './journey';

// The course studio in Chromium, with two people at once. A moderator writes a new
// course at /admin/studio (saved as they type, no Publish for them); an admin in another browser
// publishes it; a learner reads it; then both authors edit the same file and neither text is lost.

const url = inject('siteUrl');
const TITLE = 'Studio Walkthrough';
const SLUG = 'studio-walkthrough';
let browser: Browser;

const LESSON =
  'A facility manager checks the main meter against the sum of its sub-meters every month. When the ' +
  'sub-meters add up to more than the main meter, a meter or its set-up is wrong: find which before reporting.';
const COURSE_JSON = JSON.stringify(
  {
    slug: SLUG,
    title: TITLE,
    description: 'Written in the studio.',
    estimatedTime: '10 minutes',
    syllabusDuration: '10m',
    preAssessmentTime: '2 minutes',
    objectives: [{ id: 'LO1', text: 'Check a meter against its sub-meters' }],
    modules: [
      {
        id: 1,
        name: 'Checks',
        title: 'Module 1: Checks',
        description: 'One monthly check.',
        durationMinutes: 10,
      },
    ],
    quizzes: {
      preAssessment: { title: 'Pre-Assessment', description: 'Before you start.', passingScore: 70 },
      finalQuiz: { title: 'Final Quiz', description: 'At the end.', passingScore: 80 },
    },
  },
  null,
  2,
);
const question = (text: string) => ({
  question_text: text,
  option_a: 'A meter or its set-up is wrong',
  option_b: 'The sub-meters are more accurate',
  option_c: 'Unmetered loads were high',
  option_d: 'Nothing: it is normal',
  correct_answer: 'A',
  explanation: 'Sub-meters measure energy that passed through the main meter.',
  objectives: ['LO1'],
});
const QUIZ = JSON.stringify({
  moduleId: 1,
  preAssessment: [question('Sub-meters add up to more than the main meter. Why?')],
  finalQuiz: [
    question('What does a sum of sub-meters above the main meter mean?'),
    question('Which is wrong here?'),
  ],
});

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a file of the open course in the Source view and replaces its text; waits until Saved. */
async function write(page: Page, path: string, text: string) {
  await page.getByRole('button', { name: path.slice(path.indexOf('/') + 1), exact: true }).click();
  // A module opens on its lessons (the rich editor), course.json and the quiz files as forms; this
  // journey writes whole files as text.
  if (path.endsWith('.md')) await page.getByRole('tab', { name: 'Markdown' }).click();
  else await page.getByRole('button', { name: 'JSON Text' }).click();
  const editor = page.getByRole('textbox', { name: `Text of ${path}` });
  await editor.fill(text);
  await page
    .getByRole('status')
    .filter({ hasText: /^(Not saved yet|Saving\.\.\.)$/ })
    .waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved$/ })
    .waitFor();
}

describe('the course studio', () => {
  it('lets a moderator write a course, an admin publish it, and two authors edit at once without losing either text', async () => {
    const authorContext = await newContext(browser, url);
    const adminContext = await newContext(browser, url);
    try {
      const author = await authorContext.newPage();
      await signUp(author, uniqueEmail('mo'), 'Mo Author');
      await grant(author, url, 'moderator');

      // The moderator writes the course.
      await author.goto('/admin/studio');
      await author.getByRole('table', { name: 'Courses in the studio' }).waitFor();
      await expectAccessible(author, 'studio courses');
      await author.getByRole('textbox', { name: 'Title' }).fill(TITLE);
      await author.getByRole('button', { name: 'Create Course' }).click();
      await author.getByRole('heading', { name: SLUG }).waitFor();
      // This journey writes whole files: the Source view, one switch from the outline.
      await author.getByRole('button', { name: 'Source', exact: true }).click();
      await write(author, 'course.json', COURSE_JSON);
      await author.getByRole('button', { name: 'Add Module 1 Files' }).click();
      await author.getByRole('button', { name: 'module-1.json', exact: true }).waitFor();
      await write(
        author,
        'modules/module-1.md',
        `# Module 1: Checks\n\n## Main meter and sub-meters\n\n${LESSON}\n`,
      );
      // The same module lesson by lesson: the rich editor and the preview learners will get.
      await author.getByRole('button', { name: 'module-1.md', exact: true }).click();
      await author.getByRole('tab', { name: 'Lessons' }).click();
      await author.getByRole('textbox', { name: 'Text of lesson “Main meter and sub-meters”' }).waitFor();
      await expectAccessible(author, 'studio lesson editor');
      await author.getByRole('button', { name: 'Preview', exact: true }).click();
      await author.getByText(LESSON.slice(0, 40), { exact: false }).waitFor();
      await expectAccessible(author, 'studio lesson preview');
      await write(author, 'quizzes/module-1.json', QUIZ);
      await expectAccessible(author, 'studio file editor');
      await author.getByRole('button', { name: 'Review', exact: true }).click();
      await author.getByText(/^Lesson \d+ “Main meter and sub-meters”: (added|changed)$/).waitFor();
      await author.getByText('Only an admin can publish. Your changes are saved in the draft.').waitFor();
      expect(await author.getByRole('button', { name: 'Publish', exact: true }).count()).toBe(0);
      await expectAccessible(author, 'studio review (moderator)');

      // An admin, in another browser, publishes it.
      const admin = await adminContext.newPage();
      await signUp(admin, uniqueEmail('ada'), 'Ada Admin');
      await grant(admin, url, 'admin');
      await admin.goto('/admin/studio');
      await admin.getByRole('button', { name: `Open ${TITLE}` }).click();
      await admin.getByRole('button', { name: 'Review & Publish' }).click();
      await admin.getByText(/^Lesson \d+ “Main meter and sub-meters”: (added|changed)$/).waitFor();
      await admin.getByRole('button', { name: 'Publish', exact: true }).click();
      await admin.getByText('Published version 1. Lessons: 1 added, 0 changed, 0 removed.').waitFor();

      // Learners have it (the moderator is a learner too).
      await author.goto(`/courses/${SLUG}/module/1`);
      await author.getByText(LESSON).waitFor();

      // Both authors open the module, the moderator from the outline; the admin saves first, the
      // moderator's save meets a conflict, named by the lesson being edited.
      await author.goto('/admin/studio');
      await author.getByRole('button', { name: `Open ${TITLE}` }).click();
      await author.getByRole('button', { name: 'Lesson 1: Main meter and sub-meters', exact: true }).click();
      await author.getByRole('tab', { name: 'Markdown' }).click();
      await admin.getByRole('button', { name: 'Source', exact: true }).click();
      await write(
        admin,
        'modules/module-1.md',
        `# Module 1: Checks\n\n## Main meter and sub-meters\n\n${LESSON} Admin's sentence.\n`,
      );
      const mine = author.getByRole('textbox', { name: "Text of Module 1's lessons" });
      await mine.fill(`# Module 1: Checks\n\n## Main meter and sub-meters\n\n${LESSON} Author's sentence.\n`);
      const conflict = author.getByRole('alert', { name: 'Save conflict' });
      await conflict.waitFor();
      await conflict.getByText(/^Lesson 1 of Module 1 was saved by Ada Admin/).waitFor();
      expect(await conflict.getByRole('textbox', { name: /Their version/ }).inputValue()).toContain(
        "Admin's sentence.",
      );
      expect(await conflict.getByRole('textbox', { name: /Your version/ }).inputValue()).toContain(
        "Author's sentence.",
      );
      await expectAccessible(author, 'studio conflict');
      // The author merges by hand: both sentences, saved over the admin's revision.
      await conflict
        .getByRole('textbox', { name: /Your version/ })
        .fill(
          `# Module 1: Checks\n\n## Main meter and sub-meters\n\n${LESSON} Admin's sentence. Author's sentence.\n`,
        );
      await conflict.getByRole('button', { name: 'Keep Mine' }).click();
      await author
        .getByRole('status')
        .filter({ hasText: /^Saved$/ })
        .waitFor();

      await admin.getByRole('button', { name: 'Review & Publish' }).click();
      const added = admin.getByText("Admin's sentence. Author's sentence.");
      await added.first().waitFor();
    } finally {
      await authorContext.close();
      await adminContext.close();
    }
  });
});
