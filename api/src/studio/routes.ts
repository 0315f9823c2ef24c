import { type AdminEndpoint, adminEndpoints as E } from '@coursekit/core';
import type { Router } from 'express';
import { z } from 'zod';
import { adminGuard, authorGuard } from '../admin/guard';
import type { AppContext } from '../context';
import { courseSlug, idParam } from '../http/params';
import { mount } from '../http/route';
import { createCourse, deleteCourse, studioCourses } from './courses';
import { getDraft, getDraftFile } from './draft';
import { deleteDraftFile, saveDraftFile } from './draftEdits';
import { draftChanges, publishDraft, restoreVersion } from './publish';
import { compareVersions, listVersions } from './versions';

const courseParams = z.strictObject({ course: courseSlug });
// Express has decoded the path segment: "modules%2Fmodule-1.md" arrives as "modules/module-1.md".
const fileParams = z.strictObject({ course: courseSlug, path: z.string().min(1).max(200) });
const versionParams = z.strictObject({ course: courseSlug, version: idParam });
const compareParams = z.strictObject({ course: courseSlug, from: idParam, to: idParam });

/**
 * The studio's routes (core's adminEndpoints marked `authors: true`, and publish and restore):
 * authors (moderators and admins) pass the author guard; publishing and restoring need an admin.
 */
export function studioRoutes(router: Router, ctx: AppContext): void {
  // Each endpoint gets the guard its table entry names: `authors: true` lets moderators in too.
  const guarded = (e: AdminEndpoint) => ({ guard: e.authors ? authorGuard : adminGuard });
  mount(router, ctx, E.studioCourses, guarded(E.studioCourses), () => studioCourses(ctx));
  mount(router, ctx, E.studioCreateCourse, guarded(E.studioCreateCourse), ({ auth, body }) =>
    createCourse(ctx, auth, body),
  );
  mount(
    router,
    ctx,
    E.studioDeleteCourse,
    { ...guarded(E.studioDeleteCourse), params: courseParams },
    ({ auth, params }) => deleteCourse(ctx, auth, params.course),
  );
  mount(router, ctx, E.studioDraft, { ...guarded(E.studioDraft), params: courseParams }, ({ params }) =>
    getDraft(ctx, params.course),
  );
  mount(
    router,
    ctx,
    E.studioDraftFile,
    { ...guarded(E.studioDraftFile), params: fileParams },
    async ({ params, res }) => {
      const file = await getDraftFile(ctx, params.course, params.path);
      // A draft image is shown by the studio's preview only: never cached, never sniffed, no script.
      res
        .status(200)
        .set({
          'Content-Type': file.type,
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        })
        .send(Buffer.from(file.content));
    },
  );
  mount(
    router,
    ctx,
    E.studioSaveFile,
    { ...guarded(E.studioSaveFile), params: fileParams },
    ({ auth, params, body }) => saveDraftFile(ctx, auth, params.course, params.path, body),
  );
  mount(
    router,
    ctx,
    E.studioDeleteFile,
    { ...guarded(E.studioDeleteFile), params: fileParams },
    ({ auth, params, query }) => deleteDraftFile(ctx, auth, params.course, params.path, query.base_revision),
  );
  mount(router, ctx, E.studioChanges, { ...guarded(E.studioChanges), params: courseParams }, ({ params }) =>
    draftChanges(ctx, params.course),
  );
  mount(
    router,
    ctx,
    E.studioPublish,
    { ...guarded(E.studioPublish), params: courseParams },
    ({ auth, params, body }) => publishDraft(ctx, auth, params.course, body),
  );
  mount(router, ctx, E.studioVersions, { ...guarded(E.studioVersions), params: courseParams }, ({ params }) =>
    listVersions(ctx, params.course),
  );
  mount(router, ctx, E.studioCompare, { ...guarded(E.studioCompare), params: compareParams }, ({ params }) =>
    compareVersions(ctx, params.course, params.from, params.to),
  );
  mount(
    router,
    ctx,
    E.studioRestore,
    { ...guarded(E.studioRestore), params: versionParams },
    ({ auth, params }) => restoreVersion(ctx, auth, params.course, params.version),
  );
}
