import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { expectAccessible, grant, signUp, uniqueEmail } from './journey';
import { pressButton, saved, tabTo, typeInto } from './keyboard';

// A moderator builds a course from its outline with the keyboard alone: two modules of three
// lessons, a lesson moved into the other module and reordered, an image uploaded described from the
// media library and placed, five questions beside module 2's lessons, a lesson previewed at a
// phone's width, a lesson too short to publish seen beside it in the outline and written out; the
// review is clean and an admin publishes. No screen outside the Source view names a file, and each
// passes axe. (The course's life after publishing is studioCourse.e2e.test.ts.)

const url = inject('siteUrl');
const TITLE = 'Outline First';
const SLUG = 'outline-first';
const ALT = 'A meter panel with three dials';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement);

// What a file name looks like: a name with a storage extension, or a module's file stem.
const FILE_NAME = /[\w-]+\.(json|md|svg|png|jpe?g|gif|webp)\b|\bmodule-\d+\b/i;

/** The screen is axe-clean and its visible text names no file (the Source view is never checked). */
async function checkScreen(page: Page, screen: string): Promise<void> {
  // biome-ignore lint/performance/useDomNodeTextContent: what is rendered visible, not hidden text
  const text = await page.evaluate(() => document.body.innerText);
  expect(FILE_NAME.exec(text)?.[0], `${screen} shows a file name`).toBeUndefined();
  await expectAccessible(page, screen);
}

const body = (topic: string) =>
  `Facility managers check ${topic} before they trust a report. A figure that disagrees with the ` +
  'same week last year is a question to ask the site, not a conclusion to send to the board.';

const LESSONS: Record<number, string[]> = {
  1: ['Meters and sub-meters', 'Reading a register', 'Estimated reads'],
  2: ['Half-hourly data', 'Gaps and spikes', 'Weather and degree days'],
};

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><rect width="40" height="20" fill="#2b6"/></svg>',
);

describe('a course built from its outline by keyboard', () => {
  it('takes modules, lessons, a move, an image, questions and a preview, and publishes clean', async () => {
    const authorContext = await newContext(browser, url);
    const adminContext = await newContext(browser, url);
    try {
      const author = await authorContext.newPage();
      await signUp(author, uniqueEmail('olu'), 'Olu Outline');
      await grant(author, url, 'moderator');
      await author.goto('/');

      // --- create the course ----------------------------------------------------------------------
      await pressButton(author, author.getByRole('link', { name: 'Studio', exact: true }));
      await typeInto(author, author.getByRole('textbox', { name: 'Title' }), TITLE);
      await pressButton(author, author.getByRole('button', { name: 'Create Course' }));
      await author.getByRole('heading', { name: SLUG }).waitFor();
      const outline = author.getByRole('navigation', { name: 'Course outline' });
      await outline.getByText('No modules yet.').waitFor();
      await checkScreen(author, 'a new course’s outline');

      // --- two modules of three lessons, from the outline -----------------------------------------
      const addModule = outline.getByRole('button', { name: 'Add Module', exact: true });
      for (const n of [1, 2]) {
        await pressButton(author, addModule);
        await outline.getByRole('heading', { name: `Module ${n}`, exact: true }).waitFor();
        // The focus stays on Add Module, for the next one.
        expect(await hasFocus(addModule)).toBe(true);
      }
      const lessonButton = (module: number, at: number, title: string) =>
        outline
          .getByRole('list', { name: `Lessons of Module ${module}` })
          .getByRole('button', { name: `Lesson ${at}: ${title}`, exact: true });
      // A lesson's entry in the outline: its button, and what is said beside it.
      const lessonEntry = (module: number, at: number, title: string) =>
        outline
          .getByRole('list', { name: `Lessons of Module ${module}` })
          .getByRole('listitem')
          .filter({ has: author.getByRole('button', { name: `Lesson ${at}: ${title}`, exact: true }) });
      for (const module of [1, 2]) {
        const add = outline.getByRole('button', { name: `Add Lesson to Module ${module}`, exact: true });
        for (let n = 1; n <= 3; n++) {
          await pressButton(author, add);
          await lessonButton(module, n, `Lesson ${n}`).waitFor();
        }
        // A lesson just added is too short to publish: the outline says so beside it.
        await lessonEntry(module, 3, 'Lesson 3')
          .getByRole('list', { name: 'Problems' })
          .getByText(/^Too short to be a lesson/)
          .waitFor();
        for (const [i, title] of LESSONS[module]!.entries()) {
          // Module 1's last lesson keeps its placeholder text for now.
          if (module === 1 && i === 2) continue;
          await pressButton(author, lessonButton(module, i + 1, i === 0 ? 'Lesson 1' : `Lesson ${i + 1}`));
          await typeInto(author, author.getByRole('textbox', { name: 'Lesson title' }), title);
          await typeInto(
            author,
            author.getByRole('textbox', { name: `Text of lesson “${title}”` }),
            body(title.toLowerCase()),
          );
          await saved(author);
          await lessonButton(module, i + 1, title).waitFor();
        }
      }
      await typeInto(author, author.getByRole('textbox', { name: 'Module title' }), 'Interval Data');
      await saved(author);
      await checkScreen(author, 'the lesson editor');

      // --- a problem beside its lesson, then fixed ---------------------------------------------
      const short = lessonButton(1, 3, 'Lesson 3');
      const problems = lessonEntry(1, 3, 'Lesson 3').getByRole('list', { name: 'Problems' });
      await problems.getByText(/^Too short to be a lesson/).waitFor();
      expect(await short.getAttribute('aria-describedby')).toBe(await problems.getAttribute('id'));
      await checkScreen(author, 'the outline with a problem');
      await pressButton(author, short);
      const [, , estimated] = LESSONS[1]!;
      await typeInto(author, author.getByRole('textbox', { name: 'Lesson title' }), estimated!);
      await typeInto(
        author,
        author.getByRole('textbox', { name: `Text of lesson “${estimated}”` }),
        body('estimated reads'),
      );
      await saved(author);
      await lessonButton(1, 3, estimated!).waitFor();
      // The outline's problems follow the saved draft's check, which arrives after the save.
      await expect
        .poll(() => outline.getByRole('list', { name: 'Problems' }).count(), { timeout: 10_000 })
        .toBe(0);

      // --- move "Estimated reads" into module 2, then one place up, by keyboard -------------------
      await pressButton(author, outline.getByRole('button', { name: `Move to Module… “${estimated}”` }));
      const move = author.getByRole('dialog', { name: `Move “${estimated}” to another module` });
      await move.waitFor();
      // The dialog takes the focus and keeps it.
      expect(await move.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await move.getByText(/completions/i).waitFor();
      await checkScreen(author, 'the move dialog');
      await pressButton(author, move.getByRole('button', { name: 'Move Lesson' }));
      await move.waitFor({ state: 'detached' });
      const moved = lessonButton(2, 4, estimated!);
      await moved.waitFor();
      await author.waitForFunction(() => document.activeElement?.textContent?.includes('Estimated reads'));
      expect(await hasFocus(moved)).toBe(true);
      await lessonButton(1, 2, LESSONS[1]![1]!).waitFor();
      expect(await lessonButton(1, 3, estimated!).count()).toBe(0);
      // Alt+ArrowUp moves the focused lesson one place up; the focus goes with it.
      await author.keyboard.press('Alt+ArrowUp');
      const reordered = lessonButton(2, 3, estimated!);
      await reordered.waitFor();
      await author.waitForFunction(
        (text) => document.activeElement?.textContent === text,
        `Lesson 3: ${estimated}`,
      );
      await lessonButton(2, 4, LESSONS[2]![2]!).waitFor();
      await saved(author);

      // --- an image from the media library, described and placed ---------------------------------
      await pressButton(author, outline.getByRole('button', { name: 'Media Library', exact: true }));
      const library = author.getByRole('region', { name: 'Media Library' });
      await library.getByText('No images yet: upload one above and place it in a lesson.').waitFor();
      await checkScreen(author, 'the empty media library');
      const picker = library.getByLabel('Drop an image here, or choose one');
      await tabTo(author, picker);
      // The file itself comes from the OS dialog, which the page cannot drive.
      await picker.setInputFiles({ name: 'meter-panel.svg', mimeType: 'image/svg+xml', buffer: SVG });
      await library.getByText(/^Ready: an image of/).waitFor();
      await typeInto(author, library.getByRole('textbox', { name: 'Alt text (what the image shows)' }), ALT);
      const place = library.getByRole('combobox', { name: 'Place it at the end of' });
      await tabTo(author, place);
      await author.keyboard.press('ArrowDown');
      expect(await place.evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe(
        `Lesson 2 of Module 1: ${LESSONS[1]![1]}`,
      );
      await pressButton(author, library.getByRole('button', { name: 'Upload and Place' }));
      await library.getByText(`Uploaded and placed in Lesson 2 of Module 1: ${LESSONS[1]![1]}.`).waitFor();
      const item = library
        .getByRole('listitem')
        .filter({ has: author.getByRole('heading', { name: `Image “${ALT}”` }) });
      await item.getByRole('img', { name: ALT }).waitFor();
      await item
        .getByRole('list', { name: `Used in (Image “${ALT}”)` })
        .getByRole('button', { name: `Lesson 2 of Module 1: ${LESSONS[1]![1]}` })
        .waitFor();
      await checkScreen(author, 'the media library');
      // The lesson shows it, described, in the editor.
      await pressButton(
        author,
        item.getByRole('button', { name: `Lesson 2 of Module 1: ${LESSONS[1]![1]}` }),
      );
      await author
        .getByRole('textbox', { name: `Text of lesson “${LESSONS[1]![1]}”` })
        .getByRole('img', { name: ALT })
        .waitFor();

      // --- five questions beside module 2's lessons -----------------------------------------------
      await pressButton(author, outline.getByRole('button', { name: 'Questions of Module 2', exact: true }));
      const questions = author.getByRole('form', { name: 'Questions' });
      const addQuestion = questions.getByRole('button', { name: 'Add Final quiz Question' });
      for (let n = 1; n <= 5; n++) {
        await pressButton(author, addQuestion);
        const name = `Final quiz question ${n}`;
        await typeInto(
          author,
          questions.getByRole('textbox', { name: `${name}: text`, exact: true }),
          `Which reading of interval data holds, case ${n}?`,
        );
        for (const [letter, words] of [
          ['A', `Right for case ${n}`],
          ['B', `Wrong for case ${n}`],
          ['C', `Also wrong for case ${n}`],
          ['D', `Never right for case ${n}`],
        ] as const)
          await typeInto(
            author,
            questions.getByRole('textbox', { name: `${name}: option ${letter}`, exact: true }),
            words,
          );
      }
      await saved(author);
      await outline.getByText('0 pre-assessment, 5 final quiz. No test-out.').waitFor();
      await checkScreen(author, 'the question form');

      // --- a lesson previewed at a phone's width ----------------------------------------------------
      const gaps = LESSONS[2]![1]!;
      await pressButton(author, lessonButton(2, 2, gaps));
      await pressButton(author, author.getByRole('button', { name: 'Side by Side', exact: true }));
      const preview = author.getByRole('region', { name: 'Preview as a learner' });
      await pressButton(author, preview.getByRole('button', { name: 'Phone (375 px)' }));
      const frame = preview.locator('[data-width="phone"]');
      await frame.getByText(body(gaps.toLowerCase())).waitFor();
      expect((await frame.boundingBox())!.width).toBeLessThanOrEqual(380);
      await checkScreen(author, 'the lesson preview at phone width');

      // --- the review: by nouns, nothing in the way ------------------------------------------------
      await pressButton(author, author.getByRole('button', { name: 'Review', exact: true }));
      await author.getByText(`Lesson 3 “${estimated}”: added`, { exact: false }).first().waitFor();
      await author.getByText('Only an admin can publish. Your changes are saved in the draft.').waitFor();
      expect(await author.getByRole('heading', { name: 'Before you publish' }).count()).toBe(0);
      await checkScreen(author, 'the review (moderator)');

      // --- an admin publishes, by keyboard too -----------------------------------------------------
      const admin = await adminContext.newPage();
      await signUp(admin, uniqueEmail('ade'), 'Ade Admin');
      await grant(admin, url, 'admin');
      await admin.goto('/admin/studio');
      await pressButton(admin, admin.getByRole('button', { name: `Open ${TITLE}` }));
      await pressButton(admin, admin.getByRole('button', { name: 'Review & Publish' }));
      await admin.getByText(`Lesson 3 “${estimated}”: added`, { exact: false }).first().waitFor();
      expect(await admin.getByRole('heading', { name: 'Before you publish' }).count()).toBe(0);
      await checkScreen(admin, 'the review (admin)');
      await pressButton(admin, admin.getByRole('button', { name: 'Publish', exact: true }));
      await admin.getByText('Published version 1. Lessons: 6 added, 0 changed, 0 removed.').waitFor();
      await checkScreen(admin, 'the review after publishing');
    } finally {
      await authorContext.close();
      await adminContext.close();
    }
  }, 480_000);
});
