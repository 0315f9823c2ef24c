import {
  type AdminAdapter,
  type AdminCourse,
  type AdminCoursesAdapter,
  type AnswerLetter,
  type AnswerResult,
  type CatalogCourse,
  type CourseAdapter,
  type CourseError,
  type CourseErrorCode,
  type LessonTab,
  lessonTab,
  type ModuleAction,
  moduleAction,
  type ProgressState,
  type Session,
  type Unsubscribe,
} from '@coursekit/core';
import { createHttpAdapter, forCourse, type HttpCourseAdapter } from '@coursekit/core/http';
import { withHttpAdmin } from '@coursekit/core/http/admin';
import { describe, expectTypeOf, it } from 'vitest';

// The adapter seam as a partner's code sees it: what it must implement and what it gets back.
describe('CourseAdapter', () => {
  it('answers progress as records with their summary, for a lesson named by its stable key', () => {
    expectTypeOf<CourseAdapter['progress']['get']>().returns.toEqualTypeOf<Promise<ProgressState>>();
    expectTypeOf<CourseAdapter['progress']['setLessonCompleted']>().parameters.toEqualTypeOf<
      [lessonKey: string, completed: boolean]
    >();
  });

  it('commits a quiz answer as one of the letters A to D', () => {
    expectTypeOf<CourseAdapter['quizzes']['answer']>().parameter(2).toEqualTypeOf<AnswerLetter>();
    expectTypeOf<CourseAdapter['quizzes']['answer']>().returns.toEqualTypeOf<Promise<AnswerResult>>();
    const adapter = {} as CourseAdapter;
    // @ts-expect-error there is no answer E
    void adapter.quizzes.answer(1, 1, 'E');
  });

  it('lists the platform’s courses, whichever course the adapter shows', () => {
    expectTypeOf<CourseAdapter['course']['catalog']>().returns.toEqualTypeOf<Promise<CatalogCourse[]>>();
  });

  it('subscriptions give back a function that stops them', () => {
    expectTypeOf<CourseAdapter['settings']['subscribe']>().returns.toEqualTypeOf<Unsubscribe>();
    expectTypeOf<CourseAdapter['auth']['onSessionChange']>()
      .parameter(0)
      .toEqualTypeOf<(session: Session | null) => void>();
  });

  it('the certificate and the admin side are optional, so a partner may leave them out', () => {
    expectTypeOf<CourseAdapter['certificate']>().toBeNullable();
    expectTypeOf<CourseAdapter['admin']>().toEqualTypeOf<AdminAdapter | undefined>();
  });

  it('a failure is a CourseError with a code of the contract and the spec’s message', () => {
    expectTypeOf<CourseError['code']>().toEqualTypeOf<CourseErrorCode>();
    expectTypeOf<CourseError['message']>().toBeString();
    expectTypeOf<CourseError>().toExtend<Error>();
  });
});

describe('createHttpAdapter', () => {
  it('is a CourseAdapter; withHttpAdmin gives it an admin part (the server refuses non-admins)', () => {
    const adapter = createHttpAdapter({ baseUrl: '/api' });
    expectTypeOf(adapter).toEqualTypeOf<HttpCourseAdapter>();
    expectTypeOf(adapter).toExtend<CourseAdapter>();
    expectTypeOf(withHttpAdmin(adapter).admin).toEqualTypeOf<AdminAdapter>();
  });

  it('takes a course by slug, and forCourse makes another course’s adapter on the same session', () => {
    const site = createHttpAdapter({ baseUrl: '/api', course: 'cobie' });
    expectTypeOf(forCourse(site, 'meter-reports')).toEqualTypeOf<HttpCourseAdapter>();
  });

  it('gives the admin part the courses and a course-scoped admin (optional members, as analytics)', () => {
    const { admin } = withHttpAdmin(createHttpAdapter({ baseUrl: '/api' }));
    expectTypeOf(admin.courses).toEqualTypeOf<AdminCoursesAdapter | undefined>();
    expectTypeOf<NonNullable<AdminAdapter['forCourse']>>().parameters.toEqualTypeOf<[string | undefined]>();
    expectTypeOf<ReturnType<NonNullable<AdminAdapter['forCourse']>>>().toEqualTypeOf<AdminAdapter>();
    expectTypeOf<AdminCoursesAdapter['importZip']>().parameters.toEqualTypeOf<[Blob]>();
    expectTypeOf<AdminCoursesAdapter['list']>().returns.toEqualTypeOf<Promise<AdminCourse[]>>();
  });

  it('needs the API’s base URL', () => {
    // @ts-expect-error baseUrl is required
    createHttpAdapter({});
  });
});

describe('the rules answer meanings, not words', () => {
  it('a lesson tab is the intro or lesson n; a module row starts, continues or completes', () => {
    expectTypeOf(lessonTab).returns.toEqualTypeOf<LessonTab>();
    expectTypeOf<LessonTab>().toEqualTypeOf<{ kind: 'intro' } | { kind: 'lesson'; n: number }>();
    expectTypeOf(moduleAction).returns.toEqualTypeOf<'start' | 'continue' | 'complete'>();
    expectTypeOf<ModuleAction>().toEqualTypeOf<'start' | 'continue' | 'complete'>();
  });
});
