import * as core from '@coursekit/core';
import * as coreHttp from '@coursekit/core/http';
import type * as react from '@coursekit/react';
import {
  type CourseAdapter,
  CourseError,
  type CourseEvent,
  type CourseProviderProps,
  type CourseTheme,
  isCourseError,
  type OfflineCourseAdapter,
  withOfflineQueue,
} from '@coursekit/react';
import { createHttpAdapter, type HttpCourseAdapter } from '@coursekit/react/http';
import { describe, expectTypeOf, it } from 'vitest';

// A React host installs @coursekit/react alone: what it needs of core comes through it, the same
// types and values, not copies that would drift.
describe('@coursekit/react re-exports @coursekit/core', () => {
  it('every export of core, under the same name and type', () => {
    expectTypeOf<Pick<typeof react, keyof typeof core>>().toEqualTypeOf<typeof core>();
  });

  it('the adapter seam, the error type and the events a host codes against', () => {
    expectTypeOf<CourseAdapter>().toEqualTypeOf<core.CourseAdapter>();
    expectTypeOf<CourseEvent>().toEqualTypeOf<core.CourseEvent>();
    expectTypeOf(CourseError).toEqualTypeOf(core.CourseError);
    expectTypeOf(isCourseError).toEqualTypeOf(core.isCourseError);
    expectTypeOf(withOfflineQueue).returns.toEqualTypeOf<OfflineCourseAdapter>();
  });

  it('the HTTP adapter from @coursekit/react/http, the one of @coursekit/core/http', () => {
    expectTypeOf(createHttpAdapter).toEqualTypeOf(coreHttp.createHttpAdapter);
    expectTypeOf(createHttpAdapter({ baseUrl: '/api' })).toEqualTypeOf<HttpCourseAdapter>();
  });

  it('CourseProvider takes any CourseAdapter (the HTTP one included) and a theme', () => {
    expectTypeOf<HttpCourseAdapter>().toExtend<CourseProviderProps['adapter']>();
    expectTypeOf<CourseProviderProps['theme']>().toEqualTypeOf<CourseTheme | undefined>();
  });

  it('a theme names only the tokens the widgets have', () => {
    expectTypeOf<{ color: { brand: string } }>().toExtend<CourseTheme>();
    expectTypeOf<{ color: { brandColour: string } }>().not.toExtend<CourseTheme>();
    expectTypeOf<keyof NonNullable<CourseTheme['radius']>>().toEqualTypeOf<'base' | 'pill'>();
  });
});
