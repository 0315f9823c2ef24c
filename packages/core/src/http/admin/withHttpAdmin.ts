import type { AdminAdapter } from '../../adapter/AdminAdapter';
import type { CourseAdapter } from '../../adapter/CourseAdapter';
import { courseOf, transportOf } from '../httpTransport';
import { createHttpAdmin } from './createHttpAdmin';

/** A CourseAdapter with its admin part: what the AdminConsole needs. */
export type HttpAdminCourseAdapter<A extends CourseAdapter = CourseAdapter> = A & { admin: AdminAdapter };

const withAdmin = new WeakMap<CourseAdapter, HttpAdminCourseAdapter>();

/**
 * Adds the admin part to an adapter made by `createHttpAdapter` (same session, same token), for the
 * admin console; learner pages never load this module. The admin part is about the adapter's course
 * (`course` / `forCourse`; the default course without one), and `admin.forCourse(slug)` moves it to
 * another. The answer is the same object for the same adapter, and an adapter that already has an
 * admin part (the mocks' admin scenarios) is returned as it is.
 *
 * @example
 * const adapter = withHttpAdmin(createHttpAdapter({ baseUrl: '/api', storage: localStorage }));
 * await adapter.admin.users.list({ search: 'ana' });
 */
export function withHttpAdmin<A extends CourseAdapter>(adapter: A): HttpAdminCourseAdapter<A> {
  if (adapter.admin) return adapter as HttpAdminCourseAdapter<A>;
  const known = withAdmin.get(adapter);
  if (known) return known as HttpAdminCourseAdapter<A>;
  const transport = transportOf(adapter);
  if (!transport) {
    throw new TypeError(
      'withHttpAdmin needs the adapter that createHttpAdapter returned (add the admin part before wrapping it)',
    );
  }
  const extended = { ...adapter, admin: createHttpAdmin(transport, courseOf(adapter)) };
  withAdmin.set(adapter, extended);
  return extended;
}
