import type { AdminCourse } from '../http/adminSchemas';

/** What an admin may change of a course: its status, or making it the default. */
export interface AdminCourseChanges {
  status?: AdminCourse['status'] | undefined;
  is_default?: true | undefined;
}

/**
 * A course after `changes`, or why it may not change: the default course stays published,
 * because the unscoped routes of every embed already deployed show it. The answer is a key of
 * `adminMessages` (the 409's text), so the API and the mocks refuse in the same words.
 */
export function courseUpdate(
  before: Pick<AdminCourse, 'status' | 'is_default'>,
  changes: AdminCourseChanges,
):
  | { ok: true; status: AdminCourse['status']; is_default: boolean }
  | { ok: false; refusal: 'defaultStaysPublished' | 'defaultMustBePublished' } {
  const status = changes.status ?? before.status;
  const isDefault = changes.is_default ?? before.is_default;
  if (isDefault && status !== 'published') {
    return { ok: false, refusal: before.is_default ? 'defaultStaysPublished' : 'defaultMustBePublished' };
  }
  return { ok: true, status, is_default: isDefault };
}
