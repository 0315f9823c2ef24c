import { CourseError, draftConflict, MIN_SECTION_LENGTH, sectionNotALesson } from '@coursekit/core';
import { createMemoryStudio, memoryCopies } from '@coursekit/mocks';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test/expectNoAxeViolations';
import { renderWidget } from '../test/renderWidget';
import { CourseStudio } from './CourseStudio';

// The studio's screens. Nothing typed is lost (saved on a pause, kept in a local copy
// until the server has it), two authors never overwrite each other (both texts shown), and only an
// admin publishes. The server's own rules are proven by api/src/studio/studio.test.ts.

const MODULE = 'modules/module-1.md';

async function openModule(user: ReturnType<typeof renderWidget>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
  // The outline opens a lesson in its module's editor; the module's raw text is on the Markdown tab.
  await user.click(await screen.findByRole('button', { name: 'Lesson 1: Reading a meter' }));
  await user.click(await screen.findByRole('tab', { name: 'Markdown' }));
  return screen.findByRole('textbox', { name: "Text of Module 1's lessons" });
}

describe('CourseStudio', { timeout: 30_000 }, () => {
  it('saves what an author types once they pause, and says so', async () => {
    const fake = createMemoryStudio();
    const { user } = renderWidget(
      <CourseStudio studio={fake.studio} canPublish={false} copies={memoryCopies()} saveDelayMs={50} />,
    );
    const editor = await openModule(user);
    await user.type(editor, ' More text.');
    expect(screen.getByRole('status').textContent).toMatch(/Not saved yet|Saving/);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    expect(fake.textOf(MODULE)).toContain('The first lesson.\n More text.');
    await expectNoAxeViolations();
  });

  it('sends what is typed during a slow save after it, on the new revision, never as a conflict with itself', async () => {
    const fake = createMemoryStudio({ saveLatencyMs: 150 });
    const copies = memoryCopies();
    const { user } = renderWidget(
      <CourseStudio studio={fake.studio} canPublish={false} copies={copies} saveDelayMs={20} />,
    );
    const editor = await openModule(user);
    await user.type(editor, ' One.');
    await screen.findByText('Saving...');
    await user.type(editor, ' Two.');
    // The first save is back: the newer text is still kept locally until its own save is.
    await waitFor(() => expect(fake.textOf(MODULE)).toContain(' One.'));
    if (!fake.textOf(MODULE)?.includes(' Two.')) expect([...copies.items.values()].join()).toContain(' Two.');
    await waitFor(() => expect(fake.textOf(MODULE)).toContain(' One. Two.'), { timeout: 3000 });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows both texts when another author saved first, and keeps mine on their revision when asked', async () => {
    const fake = createMemoryStudio();
    const { user } = renderWidget(
      <CourseStudio studio={fake.studio} canPublish={false} copies={memoryCopies()} saveDelayMs={50} />,
    );
    const editor = await openModule(user);
    const theirs = fake.saveAsOther(MODULE, '# Module 1: Meters\n\n## Reading a meter\n\nTheir rewrite.\n');
    await user.type(editor, ' Mine.');
    const conflict = await screen.findByRole('alert', { name: 'Save conflict' });
    // Named by what the author was editing, not by its file.
    expect(
      within(conflict).getByText(draftConflict('Lesson 1 of Module 1', 'Sam Second', theirs.revision)),
    ).toBeTruthy();
    expect(
      (within(conflict).getByRole('textbox', { name: 'Their version (Sam Second)' }) as HTMLTextAreaElement)
        .value,
    ).toContain('Their rewrite.');
    const mine = within(conflict).getByRole('textbox', {
      name: 'Your version (edit it to merge)',
    }) as HTMLTextAreaElement;
    expect(mine.value).toContain('The first lesson.\n Mine.');
    // Nothing was overwritten: the draft still holds theirs until the author decides.
    expect(fake.textOf(MODULE)).toContain('Their rewrite.');
    await expectNoAxeViolations();
    await user.click(within(conflict).getByRole('button', { name: 'Keep Mine' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    expect(fake.textOf(MODULE)).toContain('The first lesson.\n Mine.');
  });

  it('keeps the text when a save fails, and restores and saves it when the file is opened again', async () => {
    const fake = createMemoryStudio();
    const copies = memoryCopies();
    fake.failNextSave(new CourseError('network_error', 'Could not reach the server.'));
    const first = renderWidget(
      <CourseStudio studio={fake.studio} canPublish={false} copies={copies} saveDelayMs={50} />,
    );
    // One edit, so exactly one save goes (and fails): typed key by key, a slow machine's pause
    // between keys would send a second save that succeeds.
    const box = (await openModule(first.user)) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: `${box.value} Offline words.` } });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not reach the server.');
    expect(screen.getByRole('status').textContent).toBe('Not saved');
    expect(fake.textOf(MODULE)).not.toContain('Offline words.');
    // The tab closes; the next visit finds the words and saves them.
    first.unmount();
    const again = renderWidget(
      <CourseStudio studio={fake.studio} canPublish={false} copies={copies} saveDelayMs={50} />,
    );
    await openModule(again.user);
    expect(
      screen.getByText('Your unsaved text from this browser was restored and is being saved.'),
    ).toBeTruthy();
    await waitFor(() => expect(fake.textOf(MODULE)).toContain('Offline words.'));
    await waitFor(() => expect(copies.items.size).toBe(0));
  });

  it('lets only an admin publish, naming the reviewed draft', async () => {
    const fake = createMemoryStudio();
    const author = renderWidget(<CourseStudio studio={fake.studio} canPublish={false} />);
    await author.user.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await author.user.click(screen.getByRole('button', { name: 'Review' }));
    await screen.findByText(/Lesson \d+ “Reading a meter”/);
    expect(screen.getByText('Only an admin can publish. Your changes are saved in the draft.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    author.unmount();

    const admin = renderWidget(<CourseStudio studio={fake.studio} canPublish />);
    await admin.user.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await admin.user.click(screen.getByRole('button', { name: 'Review & Publish' }));
    await screen.findByText(/Lesson \d+ “Reading a meter”/);
    await expectNoAxeViolations();
    await admin.user.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByText(/Published version 2/)).textContent).toContain('1 changed');
    expect(fake.calls.publishes).toEqual([(await fake.studio.changes('meter-basics')).draft_hash]);
  });

  it('says in the review which sections are not lessons, before anything is published', async () => {
    const fake = createMemoryStudio();
    const file = (await fake.studio.draft('meter-basics')).files.find((f) => f.path === MODULE)!;
    await fake.studio.save(
      'meter-basics',
      MODULE,
      { text: `${file.text}\n## Coming soon\n\nTBC.\n` },
      file.revision,
    );
    const { user } = renderWidget(<CourseStudio studio={fake.studio} canPublish />);
    await user.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await user.click(screen.getByRole('button', { name: 'Review & Publish' }));
    const notes = await screen.findByRole('region', { name: 'Before you publish' });
    expect(within(notes).getByText(sectionNotALesson(1, 'Coming soon', 4, MIN_SECTION_LENGTH))).toBeTruthy();
  });

  it('refuses a taken slug at the slug field', async () => {
    const fake = createMemoryStudio();
    const { user } = renderWidget(<CourseStudio studio={fake.studio} canPublish={false} />);
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Meter Basics');
    expect((screen.getByRole('textbox', { name: /Slug/ }) as HTMLInputElement).value).toBe('meter-basics');
    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    const slug = screen.getByRole('textbox', { name: /Slug/ });
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(
      screen.getByText('A course with the slug "meter-basics" exists already: choose another.'),
    ).toBeTruthy();
  });

  it('edits course.json as a form: a refused field says why there and saves nothing; modules move by keyboard', async () => {
    const fake = createMemoryStudio();
    const { user } = renderWidget(
      <CourseStudio studio={fake.studio} canPublish={false} copies={memoryCopies()} saveDelayMs={20} />,
    );
    const saved = () => JSON.parse(fake.textOf('course.json') ?? '{}') as Record<string, unknown>;
    const sentOf = (path: string) =>
      fake.calls.sent
        .filter((c) => c.path === path)
        .map((c) => JSON.parse(c.text ?? '{}') as Record<string, unknown>);
    await user.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    const form = await screen.findByRole('form', { name: 'Course settings' });
    const before = saved();
    const title = within(form).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    expect(await within(form).findByText('Title must not be empty.')).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByRole('alert').textContent).toContain('nothing is saved');
    expect(saved().title).toBe('Meter Basics');

    await user.type(title, 'Meter Reading Basics');
    await waitFor(() => expect(saved().title).toBe('Meter Reading Basics'));
    // The empty title was never sent.
    expect(sentOf('course.json').map((c) => c.title)).not.toContain('');
    // Fields the form does not show are written back as they were.
    expect(saved()).toEqual({ ...before, title: 'Meter Reading Basics' });

    within(form).getByRole('button', { name: 'Move Down Module 1, Meters' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect((saved().modules as Array<{ id: number }>).map((m) => m.id)).toEqual([2, 1]));
    expect(within(form).getByText('Module 1, Meters is now at position 2 of 2.')).toBeTruthy();
    // The moved module's button keeps the focus, so a second move is one more key away.
    expect(document.activeElement).toBe(
      within(form).getByRole('button', { name: 'Move Up Module 1, Meters' }),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect((saved().modules as Array<{ id: number }>).map((m) => m.id)).toEqual([1, 2]));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    await expectNoAxeViolations();

    // A draw is checked against the bank the draft's quiz files make: one final-quiz question here.
    const draw = within(form).getByRole('spinbutton', { name: 'Final quiz: questions per attempt' });
    await user.type(draw, '5');
    expect(
      await within(form).findByText('The final quiz draws 5 questions but its bank holds 1.'),
    ).toBeTruthy();
    await user.clear(draw);
    await user.type(draw, '1');
    await user.click(
      within(form).getByRole('checkbox', {
        name: 'Final quiz: show each question’s options in an order of their own per attempt',
      }),
    );
    await waitFor(() =>
      expect((saved().quizzes as { finalQuiz: object }).finalQuiz).toMatchObject({
        draw: 1,
        shuffleOptions: true,
      }),
    );
    // The draw larger than the bank was never sent.
    expect(
      sentOf('course.json').map((c) => (c.quizzes as { finalQuiz: { draw?: number } }).finalQuiz.draw),
    ).not.toContain(5);

    // A module added here comes with its files, so the draft stays publishable.
    await user.click(within(form).getByRole('button', { name: 'Add Module 3 to the Course' }));
    await waitFor(() => expect(fake.textOf('quizzes/module-3.json')).toContain('"moduleId": 3'));
    expect(fake.textOf('modules/module-3.md')).toBe('# Module 3\n');
    await waitFor(() =>
      expect((saved().modules as Array<{ id: number }>).map((m) => m.id)).toEqual([1, 2, 3]),
    );
    expect(await screen.findByRole('heading', { name: 'Module 3' })).toBeTruthy();

    // The settings' JSON is one switch away, and the form follows what is typed there.
    await user.click(screen.getByRole('button', { name: 'JSON Text' }));
    expect(
      (screen.getByRole('textbox', { name: 'Text of the course settings' }) as HTMLTextAreaElement).value,
    ).toContain('"title": "Meter Reading Basics"');
  });

  it('edits a module’s questions as a form: the correct option, objectives, order; a blank question is not saved', async () => {
    const fake = createMemoryStudio();
    const { user } = renderWidget(
      <CourseStudio studio={fake.studio} canPublish={false} copies={memoryCopies()} saveDelayMs={20} />,
    );
    const QUIZ = 'quizzes/module-1.json';
    const saved = () =>
      JSON.parse(fake.textOf(QUIZ) ?? '{}') as { finalQuiz: Array<Record<string, unknown>> };
    await user.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await user.click(await screen.findByRole('button', { name: 'Questions of Module 1' }));
    const form = await screen.findByRole('form', { name: 'Questions' });

    await user.click(within(form).getByRole('button', { name: 'Add Final quiz Question' }));
    const text = within(form).getByRole('textbox', { name: 'Final quiz question 2: text' });
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByRole('alert').textContent).toContain('5 fields need attention');
    expect(saved().finalQuiz).toHaveLength(1);

    await user.type(text, 'Which reading is suspicious?');
    for (const [letter, option] of [
      ['A', 'The same as last week'],
      ['B', 'Ten times last week'],
      ['C', 'Slightly lower'],
      ['D', 'Slightly higher'],
    ] as const)
      await user.type(
        within(form).getByRole('textbox', { name: `Final quiz question 2: option ${letter}` }),
        option,
      );
    const correct = within(form).getByRole('group', { name: 'Final quiz question 2: the correct option' });
    await user.click(within(correct).getByRole('radio', { name: 'B' }));
    const tags = within(form).getByRole('group', {
      name: 'Final quiz question 2: learning objectives it tests',
    });
    await user.click(within(tags).getByRole('checkbox', { name: 'LO1' }));
    await waitFor(() =>
      expect(saved().finalQuiz[1]).toMatchObject({
        question_text: 'Which reading is suspicious?',
        option_b: 'Ten times last week',
        correct_answer: 'B',
        objectives: ['LO1'],
      }),
    );
    // The blank question was never sent: each save of the bank has only complete questions.
    for (const sent of fake.calls.sent.filter((c) => c.path === QUIZ)) {
      const bank = JSON.parse(sent.text ?? '{}') as { finalQuiz: Array<{ question_text: string }> };
      expect(bank.finalQuiz.map((q) => q.question_text)).not.toContain('');
    }

    // Moved by keyboard: the new question first, the focus on its button.
    within(form).getByRole('button', { name: 'Move Up Final quiz question 2' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(saved().finalQuiz.map((q) => q.question_text)).toEqual([
        'Which reading is suspicious?',
        'What does a meter record?',
      ]),
    );
    expect(document.activeElement).toBe(
      within(form).getByRole('button', { name: 'Move Down Final quiz question 1' }),
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    await expectNoAxeViolations();
  });
});
