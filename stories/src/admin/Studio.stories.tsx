import { createMemoryStudio, memoryCopies } from '@coursekit/mocks';
import { CourseStudio } from '@coursekit/react/course-studio';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { scenario } from '../withCourse';

/**
 * The course studio: an author's and an admin's screens over a course's draft. Each story
 * has its own in-memory studio (`createMemoryStudio` from @coursekit/mocks: one course, the API's save
 * rule); the play takes the screen to the state the story names.
 */
const meta = {
  title: 'Admin/Course Studio',
  component: CourseStudio,
  // The provider around every story reads the platform's settings: the mocks answer them.
  parameters: scenario('new-learner'),
} satisfies Meta<typeof CourseStudio>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);
const MODULE = 'modules/module-1.md';

const world = (options: Parameters<typeof createMemoryStudio>[0] = {}) => createMemoryStudio(options);

/** Opens the course and, from its outline, its first lesson in the module's editor. */
async function openLessons(canvasElement: HTMLElement) {
  const screen = page(canvasElement);
  await userEvent.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
  await userEvent.click(await screen.findByRole('button', { name: /^Lesson 1: / }));
  return screen;
}

/** Opens the course's first module on its raw markdown. */
async function openModule(canvasElement: HTMLElement) {
  const screen = await openLessons(canvasElement);
  await userEvent.click(await screen.findByRole('tab', { name: 'Markdown' }));
  return screen.findByRole('textbox', { name: "Text of Module 1's lessons" });
}

const LESSON =
  'Every reading has a date, a value and a unit, and the unit decides what the number means for the building.';
/** A module of three lessons: a table, a described image and a call-out among them. */
const lessonsWorld = () => {
  const made = world();
  made.saveAsOther(
    MODULE,
    [
      '# Module 1: Meters',
      '## Reading a meter',
      LESSON,
      '### Units',
      '| Unit | What it measures |\n|---|---|\n| kWh | Energy over a period |\n| kW | Power at a moment |',
      '![A meter dial reading 1,234 kWh](/storage/image-assets/meter-basics-dial.png)',
      '> **Tip:** Check the unit before you compare two numbers.',
      '## Register reads',
      `${LESSON} A register read is the running total.`,
      '## Interval data',
      `${LESSON} Interval data is use in each time slot.`,
    ].join('\n\n'),
  );
  return made;
};

/** The studio's courses, with the form for a new one (empty, or a copy). */
export const Courses: Story = {
  args: { studio: world().studio, canPublish: false, copies: memoryCopies() },
};

/** A course just created: its outline is its settings alone, no modules or images yet. */
export const EmptyCourse: Story = {
  args: { studio: world().studio, canPublish: false, copies: memoryCopies() },
  play: async ({ canvasElement, args }) => {
    const screen = page(canvasElement);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Asset Data Handover');
    await userEvent.click(screen.getByRole('button', { name: 'Create Course' }));
    await screen.findByRole('heading', { name: 'asset-data-handover' });
    const outline = within(await screen.findByRole('navigation', { name: 'Course outline' }));
    await outline.findByText('No modules yet.');
    await outline.findByText('No images yet: upload one here.');
    await expect((await args.studio.courses()).map((c) => c.slug)).toContain('asset-data-handover');
  },
};

/**
 * A course's outline: its settings (the draws against their banks), each module's lessons in order,
 * its questions and test-out, the images and where each is used; problems beside their items (a
 * section too short to be a lesson, a missing image, an objective no question tests).
 */
const outlineWorld = () => {
  const made = lessonsWorld();
  made.saveAsOther(
    MODULE,
    `${made.textOf(MODULE)}\n\n## Estimated reads\n\nTo be written.\n\n## Meter faults\n\n${LESSON}\n\n![A stuck dial](/storage/image-assets/meter-basics-stuck.png)\n`,
  );
  return made;
};
export const Outline: Story = {
  args: { studio: outlineWorld().studio, canPublish: false, copies: memoryCopies() },
  play: async ({ canvasElement }) => {
    const screen = page(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    const outline = within(await screen.findByRole('navigation', { name: 'Course outline' }));
    await outline.findByRole('list', { name: 'Lessons of Module 1' });
    await outline.findByText(/^Too short to be a lesson/);
    await expect(outline.getByText("The image “A stuck dial” is not in the course's images.")).toBeTruthy();
  },
};

/** The outline while the draft is on its way (a server that does not answer). */
export const OutlineLoading: Story = {
  args: {
    studio: { ...world().studio, draft: () => new Promise(() => undefined) },
    canPublish: false,
    copies: memoryCopies(),
  },
  play: async ({ canvasElement }) => {
    const screen = page(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await screen.findByText('Loading the course...');
  },
};

/** The draft could not be read: the reason, and no outline. */
export const OutlineError: Story = {
  args: {
    studio: {
      ...world().studio,
      draft: () => Promise.reject(new Error('Could not reach the server.')),
    },
    canPublish: false,
    copies: memoryCopies(),
  },
  play: async ({ canvasElement }) => {
    const screen = page(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await screen.findByRole('alert');
    await expect(screen.queryByRole('navigation', { name: 'Course outline' })).toBeNull();
  },
};

/** A module's lessons: the outline to reorder, rename, add and remove, and the first lesson's rich editor. */
export const LessonOutline: Story = {
  args: { studio: lessonsWorld().studio, canPublish: false, copies: memoryCopies() },
  play: async ({ canvasElement }) => {
    const screen = await openLessons(canvasElement);
    await screen.findByRole('list', { name: 'Lessons' });
    await screen.findByRole('textbox', { name: 'Text of lesson “Reading a meter”' });
  },
};

/** The rich editor with the lesson selected and made bold: the toolbar shows what is on. */
export const RichEditor: Story = {
  args: { studio: lessonsWorld().studio, canPublish: false, copies: memoryCopies() },
  play: async ({ canvasElement }) => {
    const screen = await openLessons(canvasElement);
    (await screen.findByRole('textbox', { name: 'Text of lesson “Reading a meter”' })).focus();
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
    await expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** Inserting an image: alt text is required before it goes in. */
export const ImageDialog: Story = {
  args: { studio: lessonsWorld().studio, canPublish: false, copies: memoryCopies() },
  play: async ({ canvasElement }) => {
    const screen = await openLessons(canvasElement);
    (await screen.findByRole('textbox', { name: 'Text of lesson “Reading a meter”' })).focus();
    await userEvent.click(screen.getByRole('button', { name: 'Image' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Insert Image' }));
    await dialog.findByRole('option', { name: 'Image “A meter dial reading 1,234 kWh”' });
    await userEvent.click(dialog.getByRole('button', { name: 'Insert Image' }));
    await dialog.findByText('Describe the image for learners who cannot see it');
  },
};

/** The lesson as learners will see it: the CoursePlayer's rendering of the draft. */
export const LessonPreview: Story = {
  args: { studio: lessonsWorld().studio, canPublish: false, copies: memoryCopies() },
  play: async ({ canvasElement }) => {
    const screen = await openLessons(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    await screen.findByRole('table');
    await screen.findByRole('img', { name: 'A meter dial reading 1,234 kWh' });
  },
};

/** An author editing a module's markdown, everything saved. */
export const Editing: Story = {
  args: { studio: world().studio, canPublish: false, copies: memoryCopies() },
  play: async ({ canvasElement }) => {
    await openModule(canvasElement);
    await expect(page(canvasElement).getByRole('status').textContent).toBe('Saved');
  },
};

/** course.json as the settings form, with a refused field: the reason at the field, nothing saved. */
export const CourseSettingsRefused: Story = {
  args: { studio: world().studio, canPublish: false, copies: memoryCopies() },
  play: async ({ canvasElement }) => {
    const screen = page(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    const form = await screen.findByRole('form', { name: 'Course settings' });
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Estimated time (dashboard)' }));
    await expect(await within(form).findByText('Estimated time (dashboard) must not be empty.')).toBeTruthy();
  },
};

/** A module's questions as the question form: a new question, not saved until it is complete. */
export const QuestionForm: Story = {
  args: { studio: world().studio, canPublish: false, copies: memoryCopies() },
  play: async ({ canvasElement }) => {
    const screen = page(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Questions of Module 1' }));
    const form = await screen.findByRole('form', { name: 'Questions' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add Final quiz Question' }));
    await expect(within(form).getByRole('alert').textContent).toContain('fields need attention');
  },
};

/** Typing on a slow connection: the save is on its way. */
export const Saving: Story = {
  args: {
    studio: world({ saveLatencyMs: 3_600_000 }).studio,
    canPublish: false,
    copies: memoryCopies(),
    // Longer than a keystroke takes on a busy machine: one save goes, after the typing.
    saveDelayMs: 300,
  },
  play: async ({ canvasElement }) => {
    await userEvent.type(await openModule(canvasElement), ' A new sentence.');
    await page(canvasElement).findByText('Saving...');
  },
};

/** Another author saved the lesson's module first: named by the lesson, both texts, keep mine, take theirs, or merge. */
const conflictWorld = world();
export const Conflict: Story = {
  args: { studio: conflictWorld.studio, canPublish: false, copies: memoryCopies(), saveDelayMs: 10 },
  play: async ({ canvasElement }) => {
    const editor = await openModule(canvasElement);
    conflictWorld.saveAsOther(
      MODULE,
      '# Module 1: Meters\n\n## Reading a meter\n\nTheir rewrite of the lesson.\n',
    );
    await userEvent.type(editor, ' My addition.');
    const conflict = within(await page(canvasElement).findByRole('alert', { name: 'Save conflict' }));
    await conflict.findByText(/^Lesson 1 of Module 1 was saved by/);
  },
};

/** An admin reviewing the draft's changes before publishing it. */
export const PublishReview: Story = {
  args: { studio: world().studio, canPublish: true, copies: memoryCopies() },
  play: async ({ canvasElement }) => {
    const screen = page(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await userEvent.click(screen.getByRole('button', { name: 'Review & Publish' }));
    await screen.findByRole('button', { name: 'Publish' });
  },
};

/** A moderator's review: the same changes, and no Publish. */
export const ReviewForModerators: Story = {
  args: { studio: world().studio, canPublish: false, copies: memoryCopies() },
  play: async ({ canvasElement }) => {
    const screen = page(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    await screen.findByText('Only an admin can publish. Your changes are saved in the draft.');
  },
};

/** The versions learners were given; admins restore any but the newest. */
export const History: Story = {
  args: { studio: world().studio, canPublish: true, copies: memoryCopies() },
  play: async ({ canvasElement, args }) => {
    await args.studio.publish('meter-basics', (await args.studio.changes('meter-basics')).draft_hash);
    const screen = page(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await userEvent.click(screen.getByRole('button', { name: 'History' }));
    await screen.findByRole('button', { name: 'Restore version 1' });
  },
};
