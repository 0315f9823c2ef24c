import { createMemoryStudio, memoryCopies } from '@coursekit/mocks';
import { CourseStudio } from '@coursekit/react/course-studio';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { scenario } from '../withCourse';

/**
 * The studio's media library, its learner's preview beside the editor, and a lesson's move between
 * modules: each story has its own in-memory studio, and the play takes the screen to the state named.
 */
const meta = {
  title: 'Admin/Course Studio/Media, Preview and Moves',
  component: CourseStudio,
  parameters: scenario('new-learner'),
} satisfies Meta<typeof CourseStudio>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);
// The lesson editor and its preview load lazily (TipTap): on a busy machine that takes seconds.
const LAZY = { timeout: 10_000 } as const;
const MODULE = 'modules/module-1.md';
const COURSE = 'meter-basics';
const LESSON =
  'Every reading has a date, a value and a unit, and the unit decides what the number means for the building.';

/** A PNG's header at a pixel size (what the library reads of an image). */
const png = (width: number, height: number) => {
  const b = new Uint8Array(24);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
};
const base64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));

/** Two modules; a floor plan too wide for a lesson, shown once without alt text; the dial unused. */
const mediaWorld = () => {
  const made = createMemoryStudio();
  void made.studio.save(COURSE, `images/${COURSE}-plan.png`, { base64: base64(png(3200, 1800)) }, null);
  made.saveAsOther(
    MODULE,
    `# Module 1: Meters\n\n## Reading a meter\n\n${LESSON}\n\n![The plant room floor plan](/storage/image-assets/${COURSE}-plan.png)\n\n## Register reads\n\n${LESSON}\n\n![](/storage/image-assets/${COURSE}-plan.png)\n\n## Interval data\n\n${LESSON} Interval data is use in each time slot.\n`,
  );
  made.saveAsOther('modules/module-2.md', `# Module 2: Readings\n\n## Trends\n\n${LESSON}\n`);
  return made;
};

async function openLibrary(canvasElement: HTMLElement) {
  const screen = page(canvasElement);
  await userEvent.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
  const outline = within(await screen.findByRole('navigation', { name: 'Course outline' }));
  await userEvent.click(outline.getByRole('button', { name: 'Media Library' }));
  return screen;
}

/** The library: each image by what it shows, where it is used, and what needs attention. */
export const MediaLibrary: Story = {
  args: { studio: mediaWorld().studio, canPublish: false, copies: memoryCopies() },
  play: async ({ canvasElement }) => {
    const screen = await openLibrary(canvasElement);
    await screen.findByText(/^Too large for a lesson/);
    await expect(screen.getAllByText('Not used in any lesson.').length).toBeGreaterThan(0);
  },
};

/** A course without images: the upload form alone. */
export const MediaLibraryEmpty: Story = {
  args: {
    studio: (() => {
      const { studio } = createMemoryStudio();
      return {
        ...studio,
        draft: async (slug: string) => {
          const draft = await studio.draft(slug);
          return { ...draft, files: draft.files.filter((f) => !f.path.startsWith('images/')) };
        },
      };
    })(),
    canPublish: false,
    copies: memoryCopies(),
  },
  play: async ({ canvasElement }) => {
    const screen = await openLibrary(canvasElement);
    await screen.findByText('No images yet: upload one above and place it in a lesson.');
  },
};

/** The pictures on their way (a server that does not answer). */
export const MediaLibraryLoading: Story = {
  args: {
    studio: { ...mediaWorld().studio, file: () => new Promise<Blob>(() => undefined) },
    canPublish: false,
    copies: memoryCopies(),
  },
  play: async ({ canvasElement }) => {
    const screen = await openLibrary(canvasElement);
    await screen.findAllByText('Loading the picture...');
  },
};

/** The pictures could not be read: the reason, on each. */
export const MediaLibraryError: Story = {
  args: {
    studio: { ...mediaWorld().studio, file: () => Promise.reject(new Error('Could not reach the server.')) },
    canPublish: false,
    copies: memoryCopies(),
  },
  play: async ({ canvasElement }) => {
    const screen = await openLibrary(canvasElement);
    await screen.findAllByText('The picture could not be read: Could not reach the server.');
  },
};

/** A picture replaced after another author replaced it: the conflict's message, nothing overwritten. */
const conflictWorld = mediaWorld();
export const MediaLibraryConflict: Story = {
  args: { studio: conflictWorld.studio, canPublish: false, copies: memoryCopies() },
  play: async ({ canvasElement, args }) => {
    const screen = await openLibrary(canvasElement);
    const dial = await screen.findByRole('listitem', { name: 'Image 1 (not described)' });
    const current = (await args.studio.draft(COURSE)).files.find(
      (f) => f.path === `images/${COURSE}-dial.png`,
    );
    await args.studio.save(
      COURSE,
      `images/${COURSE}-dial.png`,
      { base64: base64(png(10, 10)) },
      current!.revision,
    );
    await userEvent.upload(
      within(dial).getByLabelText(/Replace the picture everywhere/),
      new File([png(400, 300)], 'dial.png', { type: 'image/png' }),
    );
    const alert = await within(dial).findByRole('alert');
    await expect(alert.textContent).toMatch(/^Image 1 \(not described\) was saved by /);
  },
};

/** A lesson and its learner's preview side by side, at a phone's width. */
export const PreviewSideBySide: Story = {
  args: { studio: mediaWorld().studio, canPublish: false, copies: memoryCopies() },
  play: async ({ canvasElement }) => {
    const screen = page(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Lesson 1: Reading a meter' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Side by Side' }));
    const preview = within(await screen.findByRole('region', { name: 'Preview as a learner' }, LAZY));
    await userEvent.click(preview.getByRole('button', { name: 'Phone (375 px)' }));
    await preview.findByText(/Every reading has a date/);
  },
};

/** A lesson without text yet: its preview is empty beside the editor. */
export const PreviewEmpty: Story = {
  args: {
    studio: (() => {
      const made = createMemoryStudio();
      made.saveAsOther(MODULE, '# Module 1: Meters\n\n## Reading a meter\n');
      return made.studio;
    })(),
    canPublish: false,
    copies: memoryCopies(),
  },
  play: async ({ canvasElement }) => {
    const screen = page(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Lesson 1: Reading a meter' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Side by Side' }));
    await screen.findByRole('region', { name: 'Preview as a learner' }, LAZY);
  },
};

/**
 * A lesson whose picture is on its way (a server that does not answer): the preview shows the
 * lesson's text at once, and says the pictures are loading.
 */
export const PreviewLoading: Story = {
  args: {
    studio: { ...mediaWorld().studio, file: () => new Promise<Blob>(() => undefined) },
    canPublish: false,
    copies: memoryCopies(),
  },
  play: async ({ canvasElement }) => {
    const screen = page(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Lesson 1: Reading a meter' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Preview$/ }));
    const preview = within(await screen.findByRole('region', { name: 'Preview as a learner' }, LAZY));
    await preview.findByText(/Every reading has a date/);
    const status = await preview.findByRole('status');
    await expect(status.textContent).toBe('Loading the lesson’s pictures...');
  },
};

/** A question as the QuizRunner shows it, answered wrong: right and wrong marked, the explanation. */
export const QuestionPreview: Story = {
  args: { studio: mediaWorld().studio, canPublish: false, copies: memoryCopies() },
  play: async ({ canvasElement }) => {
    const screen = page(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Questions of Module 1' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Preview as a Learner (Final quiz question 1)' }),
    );
    const preview = within(
      screen.getByRole('region', { name: 'Final quiz question 1 as a learner sees it' }),
    );
    await userEvent.click(preview.getAllByRole('radio')[0]!);
    await userEvent.click(preview.getByRole('button', { name: 'Submit Answer' }));
    await preview.findByRole('button', { name: 'Try Again' });
  },
};

/** Moving a lesson to another module: the dialog says which learners' completions will not carry over. */
export const MoveLessonToModule: Story = {
  args: { studio: mediaWorld().studio, canPublish: false, copies: memoryCopies() },
  play: async ({ canvasElement }) => {
    const screen = page(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Lesson 2: Register reads' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move to Module… “Register reads”' }));
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByText(/will not carry over/);
  },
};

/**
 * An outline action on a lesson another author has just saved: the move is refused as a conflict,
 * named by the lesson (never its file), with both texts to compare.
 */
const outlineConflictWorld = mediaWorld();
export const OutlineConflict: Story = {
  args: { studio: outlineConflictWorld.studio, canPublish: false, copies: memoryCopies(), saveDelayMs: 10 },
  play: async ({ canvasElement }) => {
    const screen = page(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Lesson 1: Reading a meter' }));
    outlineConflictWorld.saveAsOther(
      MODULE,
      `# Module 1: Meters\n\n## Reading a meter\n\n${LESSON} Their rewrite.\n`,
    );
    const outline = within(screen.getByRole('navigation', { name: 'Course outline' }));
    await userEvent.click(await outline.findByRole('button', { name: 'Move Down “Reading a meter”' }));
    const conflict = within(await screen.findByRole('alert', { name: 'Save conflict' }));
    await conflict.findByText(/^Lesson 2 of Module 1 was saved by Sam Second/);
    await expect(conflict.queryByText(/module-1/)).toBeNull();
  },
};

/**
 * The preview beside a lesson another author saved meanwhile: the author's next keystroke meets
 * the conflict, named by the lesson, and nothing is overwritten.
 */
const previewConflictWorld = mediaWorld();
export const PreviewConflict: Story = {
  args: { studio: previewConflictWorld.studio, canPublish: false, copies: memoryCopies(), saveDelayMs: 10 },
  play: async ({ canvasElement }) => {
    const screen = page(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Lesson 1: Reading a meter' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Side by Side' }));
    await screen.findByRole('region', { name: 'Preview as a learner' }, LAZY);
    previewConflictWorld.saveAsOther(
      MODULE,
      `# Module 1: Meters\n\n## Reading a meter\n\n${LESSON} Their rewrite.\n`,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Lesson title' }), ' today');
    const conflict = within(await screen.findByRole('alert', { name: 'Save conflict' }));
    await conflict.findByText(/^Lesson 1 of Module 1 was saved by Sam Second/);
    await expect(previewConflictWorld.textOf(MODULE)).toContain('Their rewrite.');
  },
};

/**
 * A lesson whose picture cannot be read (the server fails): the preview still shows the lesson's
 * text, and the picture by its alt text.
 */
export const PreviewError: Story = {
  args: {
    studio: { ...mediaWorld().studio, file: () => Promise.reject(new Error('Could not reach the server.')) },
    canPublish: false,
    copies: memoryCopies(),
  },
  play: async ({ canvasElement }) => {
    const screen = page(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Lesson 1: Reading a meter' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Preview$/ }));
    const preview = within(await screen.findByRole('region', { name: 'Preview as a learner' }, LAZY));
    await preview.findByText(/Every reading has a date/);
    await preview.findByRole('img', { name: 'The plant room floor plan' });
  },
};
