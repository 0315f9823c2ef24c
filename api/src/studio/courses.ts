import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  courseDoesNotExist,
  courseHasLearners,
  courseSlugTaken,
  defaultCourseNotDeleted,
  IMAGE_BUCKET,
  type StudioCourse,
} from '@coursekit/core';
import { and, eq, sql } from 'drizzle-orm';
import { logAction } from '../admin/actionLog';
import { rowsOf } from '../admin/analyticsSql';
import type { AdminAuth } from '../admin/guard';
import { CONTENT_DIR } from '../content/loader';
import { type CourseFiles, draftFiles } from '../content/versions';
import type { AppContext } from '../context';
import { dropCourseStructure } from '../course/structure';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import { courseOf, decoder, ensureDraft, insertDraftFiles, isImage } from './draft';

// The studio's courses: the list with each draft's state, a new course, and a course deleted.

const { courses, courseDrafts } = schema;

// Whether a course's draft differs from its latest version, computed in SQL for every course at once.
const STUDIO_COURSES_SQL = sql`with latest as (
    select c.id, coalesce((select max(v.version) from course_versions v where v.course_id = c.id), 0) as version
    from courses c
  )
  select c.slug, c.title, c.status, l.version as published_version,
    (exists (select 1 from course_drafts d where d.course_id = c.id) and (
      exists (select 1 from course_draft_files f where f.course_id = c.id and not exists (
        select 1 from course_version_files vf where vf.course_id = c.id and vf.version = l.version
          and vf.path = f.path and vf.content = f.content))
      or exists (select 1 from course_version_files vf where vf.course_id = c.id and vf.version = l.version
        and not exists (select 1 from course_draft_files f where f.course_id = c.id and f.path = vf.path))
    )) as draft_changed
  from courses c join latest l on l.id = c.id
  order by c.is_default desc, c.id`;

/** Every course, with its latest version and whether its draft has changes no version has. */
export async function studioCourses(ctx: AppContext): Promise<StudioCourse[]> {
  return rowsOf<StudioCourse>(ctx, STUDIO_COURSES_SQL);
}

async function studioCourse(ctx: AppContext, slug: string): Promise<StudioCourse> {
  const found = (await studioCourses(ctx)).find((c) => c.slug === slug);
  if (!found) throw fail('not_found', courseDoesNotExist(slug));
  return found;
}

const TEMPLATE = path.join(CONTENT_DIR, 'templates', 'course.json');

/**
 * A new course, as a draft learners cannot see: an empty course (api/content/templates/course.json)
 * or a copy of another course's draft. The copy's images are renamed with the new slug (image
 * names are shared by every course), and its lessons show the renamed ones.
 */
export async function createCourse(
  ctx: AppContext,
  author: AdminAuth,
  body: { slug: string; title: string; copy_of?: string | undefined },
): Promise<StudioCourse> {
  const [taken] = await ctx.db.select({ id: courses.id }).from(courses).where(eq(courses.slug, body.slug));
  if (taken) throw fail('conflict', courseSlugTaken(body.slug));
  let files: CourseFiles;
  if (body.copy_of !== undefined) {
    const source = await courseOf(ctx, body.copy_of);
    await ensureDraft(ctx, source);
    files = copyFiles(await draftFiles(ctx.db, source.id), body.slug);
  } else {
    files = new Map([['course.json', new Uint8Array(readFileSync(TEMPLATE))]]);
  }
  const courseJson = JSON.parse(decoder.decode(files.get('course.json')!)) as Record<string, unknown>;
  courseJson.slug = body.slug;
  courseJson.title = body.title.trim();
  files.set('course.json', new TextEncoder().encode(`${JSON.stringify(courseJson, null, 2)}\n`));
  await ctx.db.transaction(async (tx) => {
    // A plain insert: a course made with this slug a moment ago is a 409, never overwritten.
    const [made] = await tx
      .insert(courses)
      .values({
        slug: body.slug,
        title: body.title.trim(),
        description: String(courseJson.description ?? ''),
        estimatedTime: String(courseJson.estimatedTime),
        syllabusTime: String(courseJson.syllabusDuration),
        preAssessmentTime: String(courseJson.preAssessmentTime),
        objectives: (courseJson.objectives as Array<{ id: string; text: string }>) ?? [],
        status: 'draft',
      })
      .onConflictDoNothing({ target: courses.slug })
      .returning({ id: courses.id });
    if (!made) throw fail('conflict', courseSlugTaken(body.slug));
    await tx.insert(courseDrafts).values({ courseId: made.id, basedOn: 0 });
    await insertDraftFiles(tx, made.id, files, author.userId);
  });
  await logAction(ctx, author, 'studio_course_created', null, {
    course: body.slug,
    ...(body.copy_of !== undefined ? { copy_of: body.copy_of } : {}),
  });
  return studioCourse(ctx, body.slug);
}

/** Another course's files for a new course: images prefixed with its slug, and lessons showing them so. */
function copyFiles(source: CourseFiles, slug: string): CourseFiles {
  const renamed = new Map<string, string>();
  for (const p of source.keys()) {
    if (!isImage(p)) continue;
    const name = p.slice('images/'.length);
    renamed.set(name, `${slug}-${name}`);
  }
  const files = new Map<string, Uint8Array>();
  for (const [p, content] of source) {
    if (isImage(p)) {
      files.set(`images/${renamed.get(p.slice('images/'.length))}`, content);
    } else if (p.startsWith('modules/')) {
      let markdown = decoder.decode(content);
      for (const [from, to] of renamed)
        markdown = markdown.split(`/storage/${IMAGE_BUCKET}/${from}`).join(`/storage/${IMAGE_BUCKET}/${to}`);
      files.set(p, new TextEncoder().encode(markdown));
    } else {
      files.set(p, content);
    }
  }
  return files;
}

/**
 * Deletes a course and everything of it (modules, lessons, versions, draft), when no learner has
 * records in it: a course with learners is archived instead (409), so no progress, attempt or
 * certificate is ever lost this way; the default course stays (409). Its images stay in the shared
 * bucket (no other course uses their names).
 */
export async function deleteCourse(ctx: AppContext, admin: AdminAuth, slug: string): Promise<void> {
  const [row] = await rowsOf<{ id: number; is_default: boolean; learners: number }>(
    ctx,
    sql`select c.id, c.is_default, (select count(*)::int from (
        select user_id from user_progress p where p.course_id = c.id
        union select user_id from quiz_attempts a where a.course_id = c.id
        union select user_id from certificates ct where ct.course_id = c.id) learner) as learners
      from courses c where c.slug = ${slug}`,
  );
  if (!row) throw fail('not_found', courseDoesNotExist(slug));
  if (row.is_default) throw fail('conflict', defaultCourseNotDeleted);
  if (row.learners > 0) throw fail('conflict', courseHasLearners(slug, row.learners));
  // The learner check and the delete in one statement: a learner who starts in between stops it.
  const deleted = await ctx.db
    .delete(courses)
    .where(
      and(
        eq(courses.id, row.id),
        sql`not exists (select 1 from user_progress where course_id = ${row.id})`,
        sql`not exists (select 1 from quiz_attempts where course_id = ${row.id})`,
      ),
    )
    .returning({ id: courses.id });
  if (deleted.length === 0) throw fail('conflict', courseHasLearners(slug, 1));
  dropCourseStructure(ctx);
  await logAction(ctx, admin, 'studio_course_deleted', null, { course: slug });
}
