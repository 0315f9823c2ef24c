import type { PackageFormat } from '@coursekit/core';
import { logAction } from '../admin/actionLog';
import type { AdminAuth } from '../admin/guard';
import type { AppContext } from '../context';
import { buildCoursePackage, type CoursePackage } from './buildPackage';
import { loadCourseBundle } from './courseBundle';

/**
 * An admin's export of the course as an LMS package, written to the admin action log with its
 * format and size (the package carries the quiz keys: who took one out is worth knowing).
 */
export async function exportCoursePackage(
  ctx: AppContext,
  admin: AdminAuth,
  format: PackageFormat,
  courseSlug?: string,
): Promise<CoursePackage> {
  const course = await loadCourseBundle(ctx, courseSlug);
  const built = await buildCoursePackage(course, format);
  await logAction(ctx, admin, 'course_package_exported', null, {
    format,
    course: course.bundle.course.slug,
    version: course.bundle.course.version,
    bytes: built.zip.byteLength,
  });
  return built;
}
