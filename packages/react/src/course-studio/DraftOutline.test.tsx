import { createMemoryStudio, memoryCopies } from '@coursekit/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test/expectNoAxeViolations';
import { renderWidget } from '../test/renderWidget';
import { CourseStudio } from './CourseStudio';

// A course opens on its outline: modules, lessons and questions are the nouns, problems stand
// beside the item they belong to, and the files show only in the Source view.

const LONG =
  'Every reading has a date, a value and a unit, and the unit decides what the number means for the building.';

/** The memory studio's course, with a module whose lessons show an image and miss another. */
function world() {
  const fake = createMemoryStudio();
  fake.saveAsOther(
    'modules/module-1.md',
    [
      '# Module 1: Meters',
      '## Reading a meter',
      `${LONG}\n\n![A meter dial](/storage/image-assets/meter-basics-dial.png)`,
      '## Units',
      'Short.',
      '## Register reads',
      `${LONG}\n\n![A register](/storage/image-assets/gone.png)`,
    ].join('\n\n'),
  );
  return fake;
}

async function openCourse(fake: ReturnType<typeof createMemoryStudio>) {
  const rendered = renderWidget(
    <CourseStudio studio={fake.studio} canPublish={false} copies={memoryCopies()} saveDelayMs={20} />,
  );
  await rendered.user.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
  const outline = await screen.findByRole('navigation', { name: 'Course outline' });
  return { ...rendered, outline };
}

describe('The course outline', { timeout: 30_000 }, () => {
  it('shows the settings, each module’s lessons in order, its questions and the images, with no file name', async () => {
    const { outline } = await openCourse(world());
    const lessons = within(outline).getByRole('list', { name: 'Lessons of Module 1' });
    expect(
      within(lessons)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Lesson 1: Reading a meter', 'Lesson 2: Units', 'Lesson 3: Register reads']);
    expect(within(outline).getByRole('heading', { name: 'Module 1: Meters' })).toBeTruthy();
    expect(within(outline).getByText('0 pre-assessment, 1 final quiz. No test-out.')).toBeTruthy();
    expect(within(outline).getByRole('button', { name: 'Image “A meter dial”' })).toBeTruthy();
    expect(within(outline).getByText('Used in Lesson 1 of Module 1.')).toBeTruthy();
    // The settings form is open; the storage format shows nowhere on the screen.
    await screen.findByRole('form', { name: 'Course settings' });
    expect(document.body.textContent).not.toMatch(/course\.json|module-\d|\.md\b|images\//);
    await expectNoAxeViolations();
  });

  it('says beside each item what would block or surprise at publish, read with the item', async () => {
    const { outline } = await openCourse(world());
    const short = within(outline).getByRole('button', { name: 'Lesson 2: Units' });
    expect(short.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(short.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Too short to be a lesson: 6 of more than 100 characters. Learners will not see it.',
    );
    expect(within(outline).getByText("The image “A register” is not in the course's images.")).toBeTruthy();
    expect(
      within(outline)
        .getByRole('button', { name: 'Lesson 1: Reading a meter' })
        .getAttribute('aria-describedby'),
    ).toBeNull();
  });

  it('drops a problem from the outline once the fix is saved', async () => {
    const fake = world();
    const { user, outline } = await openCourse(fake);
    await user.click(within(outline).getByRole('button', { name: 'Lesson 2: Units' }));
    await user.click(await screen.findByRole('tab', { name: 'Markdown' }));
    const text = screen.getByRole('textbox', { name: "Text of Module 1's lessons" }) as HTMLTextAreaElement;
    text.focus();
    text.setSelectionRange(text.value.indexOf('Short.'), text.value.indexOf('Short.') + 'Short.'.length);
    await user.paste(LONG);
    await waitFor(() => expect(fake.textOf('modules/module-1.md')).toContain(`## Units\n\n${LONG}`));
    await waitFor(() =>
      expect(
        within(outline).getByRole('button', { name: 'Lesson 2: Units' }).getAttribute('aria-describedby'),
      ).toBeNull(),
    );
    expect(within(outline).queryByText(/Too short to be a lesson/)).toBeNull();
  });

  it('opens a lesson from the outline by keyboard in its module’s editor, and follows the lesson chosen there', async () => {
    const { user, outline } = await openCourse(world());
    const target = within(outline).getByRole('button', { name: 'Lesson 2: Units' });
    // Tab from the outline's first entry to the lesson.
    within(outline).getByRole('button', { name: 'Course settings' }).focus();
    while (document.activeElement !== target) await user.tab();
    await user.keyboard('{Enter}');
    expect(target.getAttribute('aria-current')).toBe('true');
    const editor = await screen.findByRole('textbox', { name: 'Text of lesson “Units”' });
    // The editor is headed by the module, as the outline names it.
    expect(screen.getAllByRole('heading', { name: 'Module 1: Meters' })).toHaveLength(2);
    // Choosing another lesson in the module's editor moves the outline's place with it.
    await user.click(screen.getByRole('button', { name: '3. Register reads' }));
    await waitFor(() =>
      expect(
        within(outline)
          .getByRole('button', { name: 'Lesson 3: Register reads' })
          .getAttribute('aria-current'),
      ).toBe('true'),
    );
    expect(editor.isConnected).toBe(false);
  });

  it('shows an image with the lessons that use it, and opens one', async () => {
    const { user, outline } = await openCourse(world());
    await user.click(within(outline).getByRole('button', { name: 'Image “A meter dial”' }));
    const used = await screen.findByRole('list', { name: 'Used in' });
    await user.click(within(used).getByRole('button', { name: 'Open Lesson 1 of Module 1' }));
    await screen.findByRole('textbox', { name: 'Text of lesson “Reading a meter”' });
  });

  it('keeps the files one switch away, in the Source view', async () => {
    const { user } = await openCourse(world());
    await user.click(screen.getByRole('button', { name: 'Source' }));
    const files = await screen.findByRole('navigation', { name: 'Draft files' });
    expect(within(files).getByRole('button', { name: 'module-1.md' })).toBeTruthy();
    expect(within(files).getByRole('button', { name: 'course.json' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Outline' }));
    await screen.findByRole('navigation', { name: 'Course outline' });
  });
});
