import { createMemoryStudio, memoryCopies } from '@coursekit/mocks';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test/expectNoAxeViolations';
import { renderWidget } from '../test/renderWidget';
import { CourseStudio } from './CourseStudio';

// The outline's actions: lessons and modules added, moved (keyboard and drag), duplicated and
// removed from the outline, each saved as an edit of the draft like any typing.

const MODULE = 'modules/module-1.md';
const body = (topic: string) =>
  `${topic}: every reading has a date, a value and a unit, and the unit decides what the number means, so a reading without one means nothing.`;

function world() {
  const fake = createMemoryStudio();
  fake.saveAsOther(
    MODULE,
    `# Module 1: Meters\n\n## Reading\n\n${body('Reading')}\n\n## Units\n\n${body('Units')}\n\n## Registers\n\n${body('Registers')}\n`,
  );
  return fake;
}

async function open(fake: ReturnType<typeof createMemoryStudio>) {
  const rendered = renderWidget(
    <CourseStudio studio={fake.studio} canPublish={false} copies={memoryCopies()} saveDelayMs={20} />,
  );
  await rendered.user.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
  const outline = await screen.findByRole('navigation', { name: 'Course outline' });
  return { ...rendered, outline };
}

const titles = (text: string | null | undefined) =>
  [...(text ?? '').matchAll(/^## (.+)$/gm)].map((m) => m[1]);
const saved = () => waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));

describe('The outline’s actions', { timeout: 30_000 }, () => {
  it('moves a lesson by keyboard, keeping the focus on it, and says so', async () => {
    const fake = world();
    const { user, outline } = await open(fake);
    await user.click(within(outline).getByRole('button', { name: 'Lesson 1: Reading' }));
    within(outline).getByRole('button', { name: 'Move Down “Reading”' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(titles(fake.textOf(MODULE))).toEqual(['Units', 'Reading', 'Registers']));
    expect(within(outline).getByText('Moved “Reading” to position 2 of 3 in Module 1.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(outline).getByRole('button', { name: 'Move Down “Reading”' }),
      ),
    );
    expect(
      within(outline).getByRole('button', { name: 'Lesson 2: Reading' }).getAttribute('aria-current'),
    ).toBe('true');
    // Alt+ArrowUp on the lesson itself moves it back.
    within(outline).getByRole('button', { name: 'Lesson 2: Reading' }).focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(titles(fake.textOf(MODULE))).toEqual(['Reading', 'Units', 'Registers']));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(outline).getByRole('button', { name: 'Lesson 1: Reading' })),
    );
    await saved();
    await expectNoAxeViolations();
  });

  it('moves a lesson by dragging it onto another', async () => {
    const fake = world();
    const { outline } = await open(fake);
    const item = (name: string) => within(outline).getByRole('button', { name }).closest('li')!;
    fireEvent.dragStart(item('Lesson 3: Registers'));
    fireEvent.dragOver(item('Lesson 1: Reading'));
    fireEvent.drop(item('Lesson 1: Reading'));
    await waitFor(() => expect(titles(fake.textOf(MODULE))).toEqual(['Registers', 'Reading', 'Units']));
  });

  it('moves a lesson into another module once the author has read what learners keep', async () => {
    const fake = world();
    fake.saveAsOther('modules/module-2.md', `# Module 2: Readings\n\n## Trends\n\n${body('Trends')}\n`);
    const { user, outline } = await open(fake);
    await user.click(within(outline).getByRole('button', { name: 'Lesson 2: Units' }));
    await user.click(within(outline).getByRole('button', { name: 'Move to Module… “Units”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move “Units” to another module' });
    expect(within(dialog).getByRole('combobox', { name: 'Module' })).toHaveProperty('value', '2');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Place' }), '0');
    expect(dialog.textContent).toContain(
      'Learners who completed this lesson will have to complete it again: their completions will not carry over at the next publish. Nor will those of 2 lessons it shifts: “Registers” (Module 1), “Trends” (Module 2).',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move Lesson' }));
    await waitFor(() => expect(titles(fake.textOf('modules/module-2.md'))).toEqual(['Units', 'Trends']));
    await waitFor(() => expect(titles(fake.textOf(MODULE))).toEqual(['Reading', 'Registers']));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(outline).getByRole('button', { name: 'Lesson 1: Units' })),
    );
    expect(within(outline).getByText('“Units” was moved to position 1 of Module 2.')).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('asks before a lesson dragged onto another module’s lesson moves, and a cancel changes nothing', async () => {
    const fake = world();
    fake.saveAsOther('modules/module-2.md', `# Module 2: Readings\n\n## Trends\n\n${body('Trends')}\n`);
    const { user, outline } = await open(fake);
    const item = (name: string) => within(outline).getByRole('button', { name }).closest('li')!;
    fireEvent.dragStart(item('Lesson 3: Registers'));
    fireEvent.dragOver(item('Lesson 1: Trends'));
    fireEvent.drop(item('Lesson 1: Trends'));
    const dialog = await screen.findByRole('dialog', { name: 'Move “Registers” to another module' });
    expect(within(dialog).getByRole('combobox', { name: 'Place' })).toHaveProperty('value', '0');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(titles(fake.textOf(MODULE))).toEqual(['Reading', 'Units', 'Registers']);
    expect(titles(fake.textOf('modules/module-2.md'))).toEqual(['Trends']);
  });

  it('duplicates a lesson after itself and removes one once confirmed', async () => {
    const fake = world();
    const { user, outline } = await open(fake);
    await user.click(within(outline).getByRole('button', { name: 'Lesson 2: Units' }));
    await user.click(within(outline).getByRole('button', { name: 'Duplicate “Units”' }));
    await waitFor(() =>
      expect(titles(fake.textOf(MODULE))).toEqual(['Reading', 'Units', 'Units (copy)', 'Registers']),
    );
    expect(fake.textOf(MODULE)?.split(body('Units')).length).toBe(3);
    await user.click(within(outline).getByRole('button', { name: 'Remove “Units (copy)”' }));
    const dialog = await screen.findByRole('alertdialog');
    // Registers comes after it: its place changes, and with it the key its completions follow.
    expect(within(dialog).getByText(/Learners keep it until the next publish/).textContent).toContain(
      'Their completions of the lessons after it will not carry over (their place changes): “Registers”.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(titles(fake.textOf(MODULE))).toEqual(['Reading', 'Units', 'Registers']));
  });

  it('adds a lesson and a module, moves a module, and removes one with its lessons and questions', async () => {
    const fake = world();
    const { user, outline } = await open(fake);
    const modules = () =>
      (JSON.parse(fake.textOf('course.json') ?? '{}') as { modules: Array<{ id: number }> }).modules;
    await user.click(within(outline).getByRole('button', { name: 'Add Lesson to Module 1' }));
    await waitFor(() =>
      expect(titles(fake.textOf(MODULE))).toEqual(['Reading', 'Units', 'Registers', 'Lesson 4']),
    );

    await user.click(within(outline).getByRole('button', { name: 'Add Module' }));
    await waitFor(() => expect(modules().map((m) => m.id)).toEqual([1, 2, 3]));
    expect(fake.textOf('modules/module-3.md')).toBe('# Module 3\n');
    expect(fake.textOf('quizzes/module-3.json')).toContain('"moduleId": 3');
    await within(outline).findByRole('heading', { name: 'Module 3' });

    await user.click(within(outline).getByRole('button', { name: 'Move Up Module 3' }));
    await waitFor(() => expect(modules().map((m) => m.id)).toEqual([1, 3, 2]));

    await user.click(within(outline).getByRole('button', { name: 'Remove Module 3' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(modules().map((m) => m.id)).toEqual([1, 2]));
    await waitFor(() => expect(fake.textOf('modules/module-3.md')).toBeUndefined());
    expect(fake.textOf('quizzes/module-3.json')).toBeUndefined();
    expect(within(outline).queryByRole('heading', { name: 'Module 3' })).toBeNull();
  });

  it('duplicates a module with its lessons and questions', async () => {
    const fake = world();
    const { user, outline } = await open(fake);
    await user.click(within(outline).getByRole('button', { name: 'Duplicate Module 1' }));
    await waitFor(() =>
      expect(titles(fake.textOf('modules/module-3.md'))).toEqual(['Reading', 'Units', 'Registers']),
    );
    expect(JSON.parse(fake.textOf('quizzes/module-3.json') ?? '{}')).toMatchObject({ moduleId: 3 });
    await within(outline).findByRole('heading', { name: 'Module 3: Meters (copy)' });
  });
});
