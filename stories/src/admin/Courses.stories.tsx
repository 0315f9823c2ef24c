import type { AdminCourse, CourseImportResult } from '@coursekit/core';
import { adminBackend, type MemoryStore } from '@coursekit/mocks';
import { AdminConsole } from '@coursekit/react/admin-console';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { adminScenario } from './adminScenario';

/**
 * Many courses in the console: the course picker in its header, which moves every
 * course-specific part of the console to the course picked, and the Courses section of Content
 * Management: status, default, size and learners, the status and default actions, export and
 * import of a course's zip.
 */
const meta = {
  title: 'Admin/Courses',
  component: AdminConsole,
  args: { screen: 'console', tab: 'content' },
} satisfies Meta<typeof AdminConsole>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** The platform's other courses in these stories (the mocks' store holds the default one). */
const OTHERS: AdminCourse[] = [
  {
    slug: 'reading-meter-data',
    title: 'Reading a Meter-Data Report',
    status: 'published',
    is_default: false,
    modules: 3,
    lessons: 9,
    learners: 14,
  },
  {
    slug: 'cobie-handover',
    title: 'Asset Data Handover with COBie',
    status: 'draft',
    is_default: false,
    modules: 2,
    lessons: 6,
    learners: 0,
  },
];

const IMPORTED: CourseImportResult = {
  course: OTHERS[1]!,
  created: true,
  summary: { modules: 2, inserted: 6, updated: 0, unchanged: 0, deactivated: 0, questions: 8, images: 6 },
};

const REFUSAL = 'quizzes/module-2.json: finalQuiz[0].correct_answer must be one of A, B, C, D';

/**
 * The console's world with the other courses listed beside the store's own (which answers
 * everything else, its 409 included), and each other course's counts for the summary cards.
 */
function manyCourses(handlers: HttpHandler[] = []) {
  let store: MemoryStore | undefined;
  return adminScenario('admin-console', {
    setup: (_admin, seeded) => {
      store = seeded;
    },
    handlers: [
      ...handlers,
      http.get('/api/admin/courses', () =>
        HttpResponse.json([...adminBackend(store!).courses.list(), ...OTHERS]),
      ),
      ...OTHERS.map((course) =>
        http.get(`/api/courses/${course.slug}/admin/stats`, () =>
          HttpResponse.json({
            totalUsers: store!.tables.users.size,
            totalModules: course.modules,
            totalLessons: course.lessons,
            totalQuizzes: course.modules + 1,
          }),
        ),
      ),
    ],
  });
}

/** Chooses a zip in the import form and sends it. */
async function importZip(canvasElement: HTMLElement, name: string) {
  const body = page(canvasElement);
  const zip = new File([new Uint8Array(4096)], name, { type: 'application/zip' });
  await userEvent.upload(await body.findByLabelText('Course zip'), zip);
  await userEvent.click(body.getByRole('button', { name: 'Import Course' }));
}

/** The picker in the header: every course, the default first and marked, the shown one's status. */
export const Picker: Story = { args: { tab: 'users' }, parameters: manyCourses() };

/** Another course picked: the summary cards show its modules, lessons and quizzes; users stay the platform's. */
export const PickerAnotherCourse: Story = {
  args: { tab: 'users' },
  parameters: manyCourses(),
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.selectOptions(
      await body.findByRole('combobox', { name: 'Course' }),
      'reading-meter-data',
    );
    const summary = within(body.getByRole('list', { name: 'Summary' }));
    await expect(await summary.findByText('9')).toBeInTheDocument();
  },
};

/** The Courses section: each course with its status, the default, its size and learners. */
export const CoursesList: Story = { parameters: manyCourses() };

/** Archiving the default course: the server's 409, in its words. */
export const CoursesConflict: Story = {
  parameters: manyCourses(),
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const [archive] = await body.findAllByRole('button', { name: /^Archive / });
    await userEvent.click(archive!);
    await expect(await body.findByText(/make another published course the default/)).toBeInTheDocument();
  },
};

/** Make Default asks first. */
export const CoursesMakeDefault: Story = {
  parameters: manyCourses(),
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(
      await body.findByRole('button', { name: 'Make Default Reading a Meter-Data Report' }),
    );
    await expect(await body.findByRole('dialog', { name: 'Make Default Course' })).toBeInTheDocument();
  },
};

/** A zip on its way: the upload's progress while the server reads it. */
export const ImportRunning: Story = {
  parameters: manyCourses([
    http.post('/api/admin/courses/import', async () => {
      await delay('infinite');
      return HttpResponse.json(IMPORTED);
    }),
  ]),
  play: ({ canvasElement }) => importZip(canvasElement, 'cobie-handover.zip'),
};

/** A new course imported as a draft, with the content pipeline's counts. */
export const ImportSuccess: Story = {
  parameters: manyCourses([http.post('/api/admin/courses/import', () => HttpResponse.json(IMPORTED))]),
  play: async ({ canvasElement }) => {
    await importZip(canvasElement, 'cobie-handover.zip');
    await expect(await page(canvasElement).findByText(/as a draft: 2 modules/)).toBeInTheDocument();
  },
};

/** A bad zip refused: the server's message names the file and the problem. */
export const ImportRefused: Story = {
  parameters: manyCourses([
    http.post('/api/admin/courses/import', () =>
      HttpResponse.json({ error: { code: 'invalid_request', message: REFUSAL } }, { status: 400 }),
    ),
  ]),
  play: async ({ canvasElement }) => {
    await importZip(canvasElement, 'cobie-handover.zip');
    await expect(await page(canvasElement).findByText(REFUSAL)).toBeInTheDocument();
  },
};
