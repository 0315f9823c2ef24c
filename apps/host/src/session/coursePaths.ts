// The site's course routes: the default course at learner §2's paths ('/course',
// '/module/3'…), any course by its slug under '/courses/{slug}' with the same paths after it.

/** The learner §2 paths that are about one course (everything else — sign-in, profile… — is the site's). */
const COURSE_PATH =
  /^\/(course|modules|module|module-page|lesson|progress|assessment|quizzes|course-quizzes|quiz|syllabus)(?=[/?#]|$)/;

/** A learner §2 path inside a course: '/module/3' in 'cobie' is '/courses/cobie/module/3'; no course: as it is. */
export function scopedPath(slug: string | null, path: string): string {
  return slug && COURSE_PATH.test(path) ? `/courses/${encodeURIComponent(slug)}${path}` : path;
}

/** The course a page is in, from its address: '/courses/cobie/modules' is 'cobie'; the catalog and the rest, none. */
export function courseSlugOf(pathname: string): string | null {
  const match = /^\/courses\/([^/]+)/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
  }
}
