// The course studio's calls: authors write a course's draft file by file; admins publish and restore.
import * as z from 'zod/mini';
import {
  CourseChangesSchema,
  CourseDraftSchema,
  CourseVersionSchema,
  CreateCourseBodySchema,
  DraftChangesSchema,
  DraftDeleteQuerySchema,
  DraftFileSchema,
  DraftSaveBodySchema,
  PublishBodySchema,
  PublishResultSchema,
  StudioCourseSchema,
} from '../schemas/studio';
import { type AdminEndpoint, adminEndpoint as a } from './adminEndpoint';

export const adminStudioEndpoints = {
  // The course studio: authors (moderators and admins) write a course's draft file by
  // file; only admins publish it as the course's next version or restore an earlier one.
  studioCourses: a({
    method: 'GET',
    path: '/admin/studio/courses',
    auth: 'admin',
    authors: true,
    answer: z.array(StudioCourseSchema),
    summary: 'Every course with its latest published version and whether its draft has unpublished changes',
  }),
  studioCreateCourse: a({
    method: 'POST',
    path: '/admin/studio/courses',
    auth: 'admin',
    authors: true,
    body: CreateCourseBodySchema,
    answer: StudioCourseSchema,
    status: 201,
    errors: ['conflict', 'not_found'],
    summary:
      'Create a course as a draft: empty, or a copy of another course’s draft (409: the slug is taken)',
  }),
  studioDeleteCourse: a({
    method: 'DELETE',
    path: '/admin/studio/courses/:course',
    auth: 'admin',
    errors: ['not_found', 'conflict'],
    summary:
      'Delete a course no learner has records in (409 for one with learners: archive it instead; 409 for the default course)',
  }),
  studioDraft: a({
    method: 'GET',
    path: '/admin/studio/courses/:course/draft',
    auth: 'admin',
    authors: true,
    answer: CourseDraftSchema,
    errors: ['not_found'],
    summary: 'The course’s draft: every file with its revision, the text files’ text',
  }),
  studioDraftFile: a({
    method: 'GET',
    path: '/admin/studio/courses/:course/draft/files/:path',
    auth: 'admin',
    authors: true,
    produces: 'application/octet-stream',
    errors: ['not_found'],
    summary: 'One file of the draft as it is stored (an image for the preview); the path URL-encoded',
  }),
  studioSaveFile: a({
    method: 'PUT',
    path: '/admin/studio/courses/:course/draft/files/:path',
    auth: 'admin',
    authors: true,
    body: DraftSaveBodySchema,
    // An image of up to 5 MiB, in base64.
    bodyLimit: 8 * 1024 * 1024,
    answer: DraftFileSchema,
    errors: ['not_found', 'conflict', 'invalid_request'],
    summary:
      'Save one file of the draft on the revision it was made on (409 with the other author named when they saved since; 400 naming the problem, nothing saved)',
  }),
  studioDeleteFile: a({
    method: 'DELETE',
    path: '/admin/studio/courses/:course/draft/files/:path',
    auth: 'admin',
    authors: true,
    query: DraftDeleteQuerySchema,
    errors: ['not_found', 'conflict', 'invalid_request'],
    summary: 'Remove a module, quiz or image file from the draft (course.json stays)',
  }),
  studioChanges: a({
    method: 'GET',
    path: '/admin/studio/courses/:course/changes',
    auth: 'admin',
    authors: true,
    answer: DraftChangesSchema,
    errors: ['not_found'],
    summary:
      'What the draft changes since the latest version: course facts, modules, lessons with a text diff, questions, images',
  }),
  studioPublish: a({
    method: 'POST',
    path: '/admin/studio/courses/:course/publish',
    auth: 'admin',
    body: PublishBodySchema,
    answer: PublishResultSchema,
    status: 201,
    errors: ['not_found', 'conflict', 'invalid_request'],
    summary:
      'Publish the reviewed draft as the next version: learners’ progress follows lessons by key (409 when the draft changed since review)',
  }),
  studioVersions: a({
    method: 'GET',
    path: '/admin/studio/courses/:course/versions',
    auth: 'admin',
    authors: true,
    answer: z.array(CourseVersionSchema),
    errors: ['not_found'],
    summary: 'The course’s published versions, newest first, with who published each and when',
  }),
  studioCompare: a({
    method: 'GET',
    path: '/admin/studio/courses/:course/versions/:from/compare/:to',
    auth: 'admin',
    authors: true,
    answer: CourseChangesSchema,
    errors: ['not_found'],
    summary: 'What changed from one version to another (either order)',
  }),
  studioRestore: a({
    method: 'POST',
    path: '/admin/studio/courses/:course/versions/:version/restore',
    auth: 'admin',
    answer: PublishResultSchema,
    status: 201,
    errors: ['not_found', 'conflict'],
    summary: 'Publish an earlier version again as the next version; the draft becomes it',
  }),
} as const satisfies Record<string, AdminEndpoint>;
