import type { CatalogCourse } from '@coursekit/core';
import { DEMO_LEARNER } from '@coursekit/mocks';
import { CourseCatalog } from '@coursekit/react/course-catalog';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { scenario } from './withCourse';

const meta = {
  title: 'Widgets/CourseCatalog',
  component: CourseCatalog,
} satisfies Meta<typeof CourseCatalog>;
export default meta;
type Story = StoryObj<typeof meta>;

// Two more courses beside the mocks' one, so the catalog shows what a platform of several looks like:
// one not started, one finished with its certificate. Made up for the stories; no API serves them.
const others = (signedIn: boolean): CatalogCourse[] => [
  {
    slug: 'meter-data-reports',
    title: 'Reading a Meter-Data Report',
    description: 'Interval data, baselines and weather correction: which anomalies are worth a work order.',
    estimated_time: '90 minutes',
    is_default: false,
    module_count: 2,
    progress: signedIn ? { completed_lessons: 0, total_lessons: 6, percentage: 0, certified: false } : null,
  },
  {
    slug: 'asset-data-handover',
    title: 'Asset Data at Handover',
    description: 'What a contractor hands over about the assets of a building, and how to check it.',
    estimated_time: '45 minutes',
    is_default: false,
    module_count: 1,
    progress: signedIn ? { completed_lessons: 3, total_lessons: 3, percentage: 100, certified: true } : null,
  },
];

/** A scenario whose catalog is its own course (with the demo learner's progress) and the two above. */
function severalCourses(signedIn: boolean) {
  const world = scenario('mid-course', { hostRoutes: true, signedOut: !signedIn });
  const learner = signedIn ? world.store.userFor(DEMO_LEARNER.accessToken).id : null;
  const courses = [...world.store.catalog(learner), ...others(signedIn)];
  const catalog = http.get('/api/courses', () => HttpResponse.json({ courses }));
  return { ...world, msw: { handlers: [catalog, ...world.msw.handlers] } };
}

/** Signed in: each course with the learner's progress, one not started, one with its certificate. */
export const WithProgress: Story = { parameters: severalCourses(true) };
/** Signed out: the same courses, no progress. */
export const SignedOut: Story = { parameters: severalCourses(false) };
/** The mocks' one course, as a learner mid-way through it sees it. */
export const OneCourse: Story = { parameters: scenario('mid-course') };
/** No course is published yet. */
export const Empty: Story = {
  parameters: (() => {
    const world = scenario('new-learner');
    const empty = http.get('/api/courses', () => HttpResponse.json({ courses: [] }));
    return { ...world, msw: { handlers: [empty, ...world.msw.handlers] } };
  })(),
};
/** The server fails: the error and Try Again. */
export const ServerError: Story = { parameters: scenario('server-failing') };
/** Loading skeleton. */
export const Loading: Story = { parameters: scenario('slow-network') };
