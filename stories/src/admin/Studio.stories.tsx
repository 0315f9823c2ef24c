import { createMemoryStudio, memoryCopies } from '@coursekit/mocks';
import { CourseStudio } from '@coursekit/react/course-studio';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { scenario } from '../withCourse';

/**
 * The course studio (issue 17): an author's and an admin's screens over a course's draft. Each story
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

/** Opens the course and its first module's file. */
async function openModule(canvasElement: HTMLElement) {
  const screen = page(canvasElement);
  await userEvent.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
  await userEvent.click(await screen.findByRole('button', { name: 'module-1.md' }));
  return screen.findByRole('textbox', { name: `Text of ${MODULE}` });
}

/** The studio's courses, with the form for a new one (empty, or a copy). */
export const Courses: Story = {
  args: { studio: world().studio, canPublish: false, copies: memoryCopies() },
};

/** A course just created: its draft is course.json alone (api/content/templates/course.json). */
export const EmptyCourse: Story = {
  args: { studio: world().studio, canPublish: false, copies: memoryCopies() },
  play: async ({ canvasElement, args }) => {
    const screen = page(canvasElement);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Asset Data Handover');
    await userEvent.click(screen.getByRole('button', { name: 'Create Course' }));
    await screen.findByRole('heading', { name: 'asset-data-handover' });
    await expect((await args.studio.courses()).map((c) => c.slug)).toContain('asset-data-handover');
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
    await userEvent.click(await screen.findByRole('button', { name: 'module-1.json' }));
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
    saveDelayMs: 10,
  },
  play: async ({ canvasElement }) => {
    await userEvent.type(await openModule(canvasElement), ' A new sentence.');
    await page(canvasElement).findByText('Saving...');
  },
};

/** Another author saved the file first: both texts, keep mine, take theirs, or merge. */
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
    await page(canvasElement).findByRole('alert', { name: 'Save conflict' });
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
