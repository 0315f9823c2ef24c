import { createMemoryStudio, memoryCopies } from '@coursekit/mocks';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test/expectNoAxeViolations';
import { renderWidget } from '../test/renderWidget';
import { CourseStudio } from './CourseStudio';

// A module's lessons in a rich editor. Whatever is done to a lesson (typing, pasting,
// reordering, images) lands as the module's markdown through the file's save, in the form the
// server's checks accept; the preview renders it as the CoursePlayer will.

const MODULE = 'modules/module-1.md';
const LONG = 'Every reading has a date, a value and a unit, and the unit decides what the number means.';

function studioWith(text: string) {
  const fake = createMemoryStudio();
  fake.saveAsOther(MODULE, text);
  const view = renderWidget(
    <CourseStudio studio={fake.studio} canPublish={false} copies={memoryCopies()} saveDelayMs={20} />,
  );
  return { fake, ...view };
}

async function openModule(user: ReturnType<typeof renderWidget>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
  // The outline opens the module's editor on its first lesson.
  const outline = within(await screen.findByRole('navigation', { name: 'Course outline' }));
  await user.click(
    outline.getAllByRole('button', { name: /^Lesson 1: |^Write the first lesson of Module 1$/ })[0]!,
  );
}

// The editor is focused, not clicked: a click asks the layout jsdom lacks where it landed.
const lessonText = (title: string) => screen.findByRole('textbox', { name: `Text of lesson “${title}”` });

/** A paste as the browser delivers it: the clipboard's HTML and its plain text. */
function paste(target: Element, html: string) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  const data: Record<string, string> = { 'text/html': html, 'text/plain': html.replace(/<[^>]+>/g, '') };
  Object.defineProperty(event, 'clipboardData', {
    value: { getData: (type: string) => data[type] ?? '', types: Object.keys(data), files: [], items: [] },
  });
  fireEvent(target, event);
}

describe('ModuleEditor', { timeout: 30_000 }, () => {
  it('saves the module markdown when a lesson is edited in the rich editor', async () => {
    const { fake, user } = studioWith(`# Module 1: Meters\n\n## Reading a meter\n\n${LONG}\n`);
    await openModule(user);
    const editor = await lessonText('Reading a meter');
    act(() => editor.focus());
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Call-out' }));
    await waitFor(() =>
      expect(fake.textOf(MODULE)).toBe(`# Module 1: Meters\n\n## Reading a meter\n\n> **${LONG}**\n`),
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    await expectNoAxeViolations();
  });

  it('reorders lessons by keyboard, says so, and saves the new order', async () => {
    const { fake, user } = studioWith(
      `# Module 1: Meters\n\n## First\n\n${LONG}\n\n## Second\n\nShort one.\n`,
    );
    await openModule(user);
    const lessons = await screen.findByRole('list', { name: 'Lessons' });
    const first = within(lessons).getByRole('button', { name: '1. First' });
    first.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(await screen.findByText('Moved “First” to position 2 of 2.')).toBeTruthy();
    await waitFor(() =>
      expect(fake.textOf(MODULE)).toBe(
        `# Module 1: Meters\n\n## Second\n\nShort one.\n\n## First\n\n${LONG}\n`,
      ),
    );
    // Focus stays on the moved lesson, so pressing again moves it on.
    expect(document.activeElement?.textContent).toBe('2. First');
    await user.click(within(lessons).getByRole('button', { name: 'Move Down “Second”' }));
    await waitFor(() =>
      expect(fake.textOf(MODULE)?.indexOf('## First')).toBeLessThan(
        fake.textOf(MODULE)!.indexOf('## Second'),
      ),
    );
  });

  it('reorders lessons by dragging one onto another', async () => {
    const { fake, user } = studioWith(
      `# M\n\n## First\n\n${LONG}\n\n## Second\n\nTwo.\n\n## Third\n\nThree.\n`,
    );
    await openModule(user);
    const items = within(await screen.findByRole('list', { name: 'Lessons' })).getAllByRole('listitem');
    const store = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => void store.set(type, value),
      getData: (type: string) => store.get(type) ?? '',
      effectAllowed: 'all',
    };
    fireEvent.dragStart(items[2]!, { dataTransfer });
    fireEvent.dragOver(items[0]!, { dataTransfer });
    fireEvent.drop(items[0]!, { dataTransfer });
    await waitFor(() =>
      expect(fake.textOf(MODULE)).toBe(
        `# M\n\n## Third\n\nThree.\n\n## First\n\n${LONG}\n\n## Second\n\nTwo.\n`,
      ),
    );
    expect(screen.getByText('Moved “Third” to position 1 of 3.')).toBeTruthy();
  });

  it('adds, renames and removes lessons and renames the module', async () => {
    const { fake, user } = studioWith(`# Module 1: Meters\n\n## First\n\n${LONG}\n`);
    await openModule(user);
    await user.click(await screen.findByRole('button', { name: 'Add Lesson' }));
    const title = screen.getByRole('textbox', { name: 'Lesson title' });
    await user.clear(title);
    await user.type(title, 'Units');
    const moduleTitle = screen.getByRole('textbox', { name: 'Module title' });
    await user.clear(moduleTitle);
    await user.type(moduleTitle, 'Meters');
    await waitFor(() => expect(fake.textOf(MODULE)).toBe(`# Meters\n\n## First\n\n${LONG}\n\n## Units\n`));
    await user.click(screen.getByRole('button', { name: 'Remove “First”' }));
    await user.click(await screen.findByRole('button', { name: 'Remove Lesson' }));
    await waitFor(() => expect(fake.textOf(MODULE)).toBe('# Meters\n\n## Units\n'));
  });

  it('keeps the structure of pasted HTML and drops scripts, event handlers, styles and iframes', async () => {
    const { fake, user } = studioWith(`# Module 1: Meters\n\n## Reading a meter\n\n${LONG}\n`);
    await openModule(user);
    const editor = await lessonText('Reading a meter');
    act(() => editor.focus());
    await user.keyboard('{Control>}a{/Control}');
    paste(
      editor,
      `<h1 style="color:red" onclick="alert(1)">Units</h1><script>alert('x')</script>
       <p onmouseover="steal()">Read the <a href="https://example.org/meters" onclick="x()">guide</a> and
       <a href="javascript:alert(1)">this</a>.</p><iframe src="https://evil.example"></iframe>
       <ul><li><span style="font-weight:bold">kWh</span></li><li>kW</li></ul>
       <table><tr><th>Unit</th><th>Means</th></tr><tr><td>kWh</td><td>energy</td></tr></table>
       <img src="https://evil.example/x.png" onerror="alert(1)"><style>p{color:red}</style>`,
    );
    await waitFor(() => expect(fake.textOf(MODULE)).toContain('### Units'));
    const saved = fake.textOf(MODULE)!;
    expect(saved).toContain('[guide](https://example.org/meters)');
    // Inline styles go; what they meant, where the schema has it (bold), stays.
    expect(saved).toMatch(/- \*\*kWh\*\*\n- kW\n/);
    expect(saved).toMatch(/\| Unit +\| Means +\|/);
    expect(saved).toContain('this.');
    expect(saved).not.toMatch(/alert|onclick|onmouseover|script|style|iframe|evil|javascript|</i);
  });

  it('will not insert an image without alt text, and inserts one with it', async () => {
    const { fake, user } = studioWith(`# Module 1: Meters\n\n## Reading a meter\n\n${LONG}\n`);
    await openModule(user);
    const editor = await lessonText('Reading a meter');
    act(() => editor.focus());
    await user.click(screen.getByRole('button', { name: 'Image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert Image' });
    await waitFor(() =>
      expect((within(dialog).getByRole('combobox', { name: 'Image' }) as HTMLSelectElement).value).toBe(
        'images/meter-basics-dial.png',
      ),
    );
    // The dialog names the image as the outline does, never by its file name.
    expect(within(dialog).getByRole('option', { name: 'Image 1 (not described)' })).toBeTruthy();
    expect(dialog.textContent).not.toContain('dial.png');
    await user.click(within(dialog).getByRole('button', { name: 'Insert Image' }));
    expect(within(dialog).getByText('Describe the image for learners who cannot see it')).toBeTruthy();
    await expectNoAxeViolations();
    expect(fake.textOf(MODULE)).not.toContain('![');
    await user.type(within(dialog).getByRole('textbox', { name: /Alt text/ }), 'A dial reading 1,234 kWh');
    await user.click(within(dialog).getByRole('button', { name: 'Insert Image' }));
    await waitFor(() =>
      expect(fake.textOf(MODULE)).toContain(
        '![A dial reading 1,234 kWh](/storage/image-assets/meter-basics-dial.png)',
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('previews the lesson as the CoursePlayer shows it, tables and described images included', async () => {
    const { user } = studioWith(
      `# Module 1: Meters\n\n## Reading a meter\n\n${LONG}\n\n| Unit | Means |\n|---|---|\n| kWh | energy |\n\n![A dial](/storage/image-assets/meter-basics-dial.png)\n\n<script>alert(1)</script>\n`,
    );
    await openModule(user);
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Unit' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'energy' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'A dial' })).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    await expectNoAxeViolations();
  });

  it('lets the keyboard out of the editor with Escape (Tab belongs to tables and lists inside it)', async () => {
    const { user } = studioWith(`# Module 1: Meters\n\n## Reading a meter\n\n${LONG}\n`);
    await openModule(user);
    const editor = await lessonText('Reading a meter');
    act(() => editor.focus());
    await user.keyboard('{Escape}');
    expect(editor.contains(document.activeElement)).toBe(false);
    expect(document.activeElement).not.toBe(document.body);
    expect(
      editor.compareDocumentPosition(document.activeElement!) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});
