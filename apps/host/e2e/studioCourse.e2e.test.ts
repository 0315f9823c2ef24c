import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { expectAccessible, grant, LEARNER_PASSWORD, learnerApi, signUp, uniqueEmail } from './journey';
import { pressButton, saved, tabTo, typeInto } from './keyboard';

// A moderator writes a new course with the keyboard alone (two modules,
// a lesson with an uploaded image and a table, a bank of 8 final-quiz questions); an admin publishes
// it; a learner takes it on the site and in the embed; the author edits a lesson and a question, the
// admin publishes version 2, and the learner's completions and past attempt's review are intact; the
// admin restores version 1. (Two authors' conflict is studio.e2e.test.ts.)

const url = inject('siteUrl');
const SLUG = 'meter-data-checks';
const TITLE = 'Meter Data Checks';
const IMAGE = `${SLUG}-meter.svg`;
const ALT = 'A main meter feeding three sub-meters';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A module opens on its lessons; the keyboard reaches its raw text through the Markdown tab. */
async function openMarkdown(page: Page): Promise<void> {
  await tabTo(page, page.getByRole('tab', { name: 'Lessons' }));
  await page.keyboard.press('ArrowRight');
  await page.getByRole('tab', { name: 'Markdown', selected: true }).waitFor();
}

/**
 * Lesson 1 of module 1 gets its image and its table in the rich editor, keys only: the toolbar's
 * Image (the dialog asks for alt text) and Table (Tab moves from cell to cell); the preview shows
 * both as learners will get them.
 */
async function imageAndTable(page: Page): Promise<void> {
  await tabTo(page, page.getByRole('tab', { name: 'Markdown' }));
  await page.keyboard.press('ArrowLeft');
  await page.getByRole('tab', { name: 'Lessons', selected: true }).waitFor();
  const lesson = page.getByRole('textbox', { name: 'Text of lesson “Meters: first look”' });
  await tabTo(page, lesson);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await pressButton(page, page.getByRole('button', { name: 'Image', exact: true }));
  const dialog = page.getByRole('dialog', { name: 'Insert Image' });
  await typeInto(page, dialog.getByRole('textbox', { name: 'Alt text (what the image shows)' }), ALT);
  await pressButton(page, dialog.getByRole('button', { name: 'Insert Image' }));
  await dialog.waitFor({ state: 'detached' });
  await tabTo(page, lesson);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await pressButton(page, page.getByRole('button', { name: 'Table', exact: true }));
  const cells = ['Meter', 'Reading (kWh)', 'Checked', 'Main', '1200', 'yes', 'Sub-meters', '1310', 'no'];
  for (const [i, cell] of cells.entries()) {
    if (i > 0) await page.keyboard.press('Tab');
    await page.keyboard.type(cell);
  }
  await saved(page);
  // Tab moves between the table's cells, so Escape leaves the editor.
  await page.keyboard.press('Escape');
  await pressButton(page, page.getByRole('button', { name: 'Preview', exact: true }));
  await page.getByRole('table').getByText('Sub-meters').waitFor();
  await page.getByRole('img', { name: ALT }).waitFor();
  await expectAccessible(page, 'studio lesson preview');
}

const sentence = (topic: string) =>
  `Facility managers check ${topic} before they trust a report. A figure that disagrees with the ` +
  'same week last year is a question to ask the site, not a conclusion to send to the board.';

const moduleMarkdown = (n: number, name: string, first: string) =>
  `# Module ${n}: ${name}\n\n## ${name}: first look\n\n${first}\n\n## ${name}: in practice\n\n${sentence(`${name.toLowerCase()} in practice`)}\n`;

/** A question whose right answer is its first option's text; `n` makes each one its own. */
const question = (module: number, n: number) => ({
  question_text: `Module ${module}, question ${n}: which holds?`,
  option_a: `Right about ${module}.${n}`,
  option_b: `Wrong about ${module}.${n}`,
  option_c: `Also wrong about ${module}.${n}`,
  option_d: `Never right about ${module}.${n}`,
  correct_answer: 'A',
  explanation: `Only the first is right about ${module}.${n}.`,
  objectives: ['LO1'],
});
const quizFile = (module: number) =>
  JSON.stringify(
    {
      moduleId: module,
      preAssessment: [question(module, 0)],
      finalQuiz: [1, 2, 3, 4].map((n) => question(module, n)),
    },
    null,
    2,
  );

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><rect width="40" height="20" fill="#2b6"/></svg>',
);

describe('a course written in the studio', () => {
  it('is written by keyboard, published, taken on the site and in the embed, revised and restored', async () => {
    const authorContext = await newContext(browser, url);
    const adminContext = await newContext(browser, url);
    const learnerContext = await newContext(browser, url);
    try {
      // --- the moderator, keys only -------------------------------------------------------------
      const author = await authorContext.newPage();
      await signUp(author, uniqueEmail('kim'), 'Kim Keys');
      await grant(author, url, 'moderator');
      await author.goto('/');
      await pressButton(author, author.getByRole('link', { name: 'Studio', exact: true }));
      await typeInto(author, author.getByRole('textbox', { name: 'Title' }), TITLE);
      await pressButton(author, author.getByRole('button', { name: 'Create Course' }));
      await author.getByRole('heading', { name: SLUG }).waitFor();

      // The course opens on its outline, with the settings form.
      const outline = author.getByRole('navigation', { name: 'Course outline' });
      const form = author.getByRole('form', { name: 'Course settings' });
      await typeInto(
        author,
        form.getByRole('textbox', { name: 'Description', exact: true }),
        'Check meter data before you trust it.',
      );
      await pressButton(author, form.getByRole('button', { name: 'Add Module 1 to the Course' }));
      await outline.getByRole('heading', { name: 'Module 1', exact: true }).waitFor();
      await pressButton(author, form.getByRole('button', { name: 'Add Module 2 to the Course' }));
      await outline.getByRole('heading', { name: 'Module 2', exact: true }).waitFor();
      await typeInto(author, form.getByRole('textbox', { name: 'Module 1 name', exact: true }), 'Meters');
      await typeInto(author, form.getByRole('textbox', { name: 'Module 2 name', exact: true }), 'Readings');
      await saved(author);
      await expectAccessible(author, 'studio settings form');

      // The image, uploaded in the Source view: the file input is reached by keyboard; the file
      // itself comes from the OS dialog.
      await pressButton(author, author.getByRole('button', { name: 'Source', exact: true }));
      const upload = author.getByLabel('Upload an image');
      await tabTo(author, upload);
      await upload.setInputFiles({ name: 'meter.svg', mimeType: 'image/svg+xml', buffer: SVG });
      await author.getByRole('button', { name: IMAGE, exact: true }).waitFor();
      await pressButton(author, author.getByRole('button', { name: 'Outline', exact: true }));
      await outline.getByRole('heading', { name: 'Module 2: Readings', exact: true }).waitFor();

      // The lessons and the bank: 4 final-quiz questions per module, 8 in all.
      for (const [n, name, first] of [
        [1, 'Meters', sentence('the main meter against its sub-meters')],
        [2, 'Readings', sentence('readings')],
      ] as const) {
        await pressButton(
          author,
          outline.getByRole('button', { name: `Write the first lesson of Module ${n}`, exact: true }),
        );
        await openMarkdown(author);
        await typeInto(
          author,
          author.getByRole('textbox', { name: `Text of Module ${n}'s lessons` }),
          moduleMarkdown(n, name, first),
        );
        await saved(author);
        if (n === 1) await imageAndTable(author);
        await pressButton(
          author,
          outline.getByRole('button', { name: `Questions of Module ${n}`, exact: true }),
        );
        // The bank is pasted whole as JSON (the question form is used for the edit below).
        await pressButton(author, author.getByRole('button', { name: 'JSON Text' }));
        await typeInto(
          author,
          author.getByRole('textbox', { name: `Text of Module ${n}'s questions` }),
          quizFile(n),
        );
        await saved(author);
      }
      await expectAccessible(author, 'studio file editor');
      // The final quiz draws 5 of the bank's 8 per attempt (new courses shuffle options already).
      await pressButton(author, outline.getByRole('button', { name: 'Course settings', exact: true }));
      await typeInto(
        author,
        form.getByRole('spinbutton', { name: 'Final quiz: questions per attempt' }),
        '5',
      );
      await saved(author);
      await pressButton(author, author.getByRole('button', { name: 'Review', exact: true }));
      await author.getByText(/^Lesson \d+ “Meters: first look”: (added|changed)$/).waitFor();
      await author.getByText('Only an admin can publish. Your changes are saved in the draft.').waitFor();
      await expectAccessible(author, 'studio review (moderator)');

      // --- the admin publishes version 1 --------------------------------------------------------
      const admin = await adminContext.newPage();
      await signUp(admin, uniqueEmail('val'), 'Val Admin');
      await grant(admin, url, 'admin');
      await admin.goto('/admin/studio');
      await admin.getByRole('button', { name: `Open ${TITLE}` }).click();
      await admin.getByRole('button', { name: 'Review & Publish' }).click();
      await admin.getByRole('button', { name: 'Publish', exact: true }).click();
      await admin.getByText('Published version 1. Lessons: 4 added, 0 changed, 0 removed.').waitFor();

      // --- a learner on the site: the lesson with its table and image, then the final quiz -------
      const learnerEmail = uniqueEmail('lee');
      const learner = await learnerContext.newPage();
      await signUp(learner, learnerEmail, 'Lee Learner');
      await learner.goto(`/courses/${SLUG}/module/1`);
      await learner.getByRole('table').waitFor();
      await learner.getByRole('img', { name: ALT }).waitFor();
      expect(
        await learner
          .getByRole('img', { name: ALT })
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      ).toBeGreaterThan(0);
      await learner.getByRole('button', { name: 'Mark Complete' }).click();
      await learner.getByText('1 of 2 lessons completed').waitFor();

      const call = await learnerApi(learner, url);
      const cards = await call<Array<{ quiz: { id: number; kind: string } }>>(
        'GET',
        `/courses/${SLUG}/quizzes`,
      );
      const finalQuiz = cards.find((c) => c.quiz.kind === 'course')!.quiz.id;
      await learner.goto(`/courses/${SLUG}/quiz/${finalQuiz}`);
      await learner.getByRole('button', { name: 'Start Quiz' }).click();
      const shown: string[] = [];
      for (let n = 1; ; n++) {
        const heading = learner.getByText(/^Question \d+ of \d+/);
        await heading.waitFor();
        const [, at, total, text] = /^Question (\d+) of (\d+):\s*(.*)$/s.exec(
          ((await heading.textContent()) ?? '').trim(),
        )!;
        expect(Number(at)).toBe(n);
        expect(Number(total)).toBe(5);
        shown.push(text!.trim());
        const [, module, number] = /Module (\d+), question (\d+)/.exec(text!)!;
        await learner.getByRole('radio', { name: new RegExp(`Right about ${module}\\.${number}$`) }).check();
        await learner.getByRole('button', { name: 'Submit Answer' }).click();
        if (n === Number(total)) break;
        await learner.getByText(new RegExp(`^Question ${n + 1} of`)).waitFor();
      }
      await learner.getByText('PASSED', { exact: true }).waitFor({ timeout: 10_000 });
      expect(new Set(shown).size).toBe(5);

      // --- the same learner in the embed on the partner page ------------------------------------
      const embed = await learnerContext.newPage();
      await embed.goto(`${url}/examples/intranet.html?course=${SLUG}`);
      if (await embed.locator('input[name=email]').count()) {
        await embed.fill('input[name=email]', learnerEmail);
        await embed.fill('input[name=password]', LEARNER_PASSWORD);
        await embed.click('button[type=submit]');
      }
      const player = embed.locator('course-player');
      await player.getByRole('heading', { name: TITLE }).waitFor();
      await player.getByRole('button', { name: /Start Learning|Continue Learning/ }).click();
      await player.getByRole('button', { name: 'Mark Complete' }).click();
      // The module's last lesson: its dialog is modal (the page around it is hidden) until closed.
      await player.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
      await embed
        .getByRole('list', { name: 'Course events' })
        .getByText(/^lessonCompleted:/)
        .waitFor();
      const completed = async () =>
        (await call<{ summary: { completedLessons: number } }>('GET', `/courses/${SLUG}/progress`)).summary
          .completedLessons;
      expect(await completed()).toBe(2);

      // --- the author edits a lesson and a question; the admin publishes version 2 --------------
      await author.getByRole('button', { name: 'Outline', exact: true }).click();
      await pressButton(
        author,
        outline.getByRole('button', { name: 'Lesson 1: Meters: first look', exact: true }),
      );
      await tabTo(author, author.getByRole('textbox', { name: 'Text of lesson “Meters: first look”' }));
      await author.keyboard.press('ControlOrMeta+End');
      await author.keyboard.press('Enter');
      await author.keyboard.type('A second look always pays.');
      await saved(author);
      // A question the learner was given, reworded in the question form.
      const [, editedModule, editedNumber] = /Module (\d+), question (\d+)/.exec(shown[0]!)!;
      const reworded = `${shown[0]} (reworded)`;
      await pressButton(
        author,
        outline.getByRole('button', { name: `Questions of Module ${editedModule}`, exact: true }),
      );
      const questions = author.getByRole('form', { name: 'Questions' });
      await typeInto(
        author,
        questions.getByRole('textbox', { name: `Final quiz question ${editedNumber}: text`, exact: true }),
        reworded,
      );
      await saved(author);
      await expectAccessible(author, 'studio question form');
      await admin.getByRole('button', { name: 'Review & Publish' }).click();
      await admin.getByText('A second look always pays.').first().waitFor();
      await admin.getByRole('button', { name: 'Publish', exact: true }).click();
      await admin.getByText('Published version 2. Lessons: 0 added, 1 changed, 0 removed.').waitFor();

      // The learner's completions carried over; the past attempt's review shows what they saw.
      expect(await completed()).toBe(2);
      await learner.goto(`/courses/${SLUG}/quiz/${finalQuiz}/results`);
      await learner.getByText(`Score: ${shown.length} / ${shown.length}`).waitFor();
      for (const text of shown) await learner.getByText(text, { exact: false }).first().waitFor();
      expect(await learner.getByText(reworded, { exact: false }).count()).toBe(0);
      await expectAccessible(learner, 'quiz results after version 2');

      // --- the admin restores version 1 ---------------------------------------------------------
      await admin.getByRole('button', { name: 'History' }).click();
      await admin.getByRole('button', { name: 'Restore version 1' }).click();
      await admin.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
      await admin.getByText('Version 1 was published again as version 3.').waitFor();
      await expectAccessible(admin, 'studio history');
      expect(await completed()).toBe(2);
      await learner.goto(`/courses/${SLUG}/module/1`);
      await learner.getByRole('tab').first().click();
      await learner.getByRole('table').waitFor();
      expect(await learner.getByText('A second look always pays.').count()).toBe(0);
    } finally {
      await authorContext.close();
      await adminContext.close();
      await learnerContext.close();
    }
  });
});
