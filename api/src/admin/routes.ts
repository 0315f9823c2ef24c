import { adminEndpoints as E, ROLES } from '@coursekit/core';
import { type Response, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context';
import { revokeCredential } from '../credentials/service';
import { codeParams, courseParams, idParam } from '../http/params';
import { mount } from '../http/route';
import { ltiAdminRoutes } from '../lti/routes';
import { organisationRoutes } from '../organisations/routes';
import { exportCoursePackage } from '../packaging/exportPackage';
import { studioRoutes } from '../studio/routes';
import { logAction } from './actionLog';
import { analyticsReport } from './analytics';
import { progressCsvExport } from './analyticsCsv';
import { auditActions, auditSecurityEvents, securityEventRetention } from './audit';
import { loadAllContent, loadModuleContent, refreshImages } from './content';
import { exportCourse, importCourse, listCourses, updateCourse } from './courses';
import {
  adminUpdateSettings,
  diagnosticsHub,
  exportDiagnostics,
  listDiagnostics,
  setAllDiagnostics,
  settingsDebug,
  updateDiagnostics,
} from './diagnostics';
import { adminGuard as guard } from './guard';
import { listImages, runAnalysis, runCorrection, runValidation } from './images';
import { jobRegistry } from './jobs';
import {
  adminResetModule,
  adminResetPreAssessment,
  adminResetProgress,
  adminResetQuiz,
  systemStats,
  userProgressView,
  userQuizAttempts,
} from './progress';
import { cleanupLog, cleanupOrphanedProgress, migrateProgressToStable, trackingOverview } from './tracking';
import {
  assignRole,
  createUser,
  deleteUser,
  getUser,
  listUsers,
  removeRole,
  selectableProfiles,
  sendPasswordReset,
  updateUser,
} from './users';

const userId = z.string().uuid('Not a user id');
const userParams = z.strictObject({ userId });
const userQuizParams = z.strictObject({ userId, quizId: idParam });
const userModuleParams = z.strictObject({ userId, moduleId: idParam });
const roleParams = z.strictObject({ userId, role: z.enum(ROLES) });
const moduleParams = z.strictObject({ moduleId: idParam });
const jobParams = z.strictObject({ jobId: z.string().uuid('Not a job id') });

/**
 * A file for the admin to download (a course or package zip, the progress CSV): an attachment
 * with its name, never kept by a cache on the way.
 */
function sendAttachment(res: Response, type: string, fileName: string, body: Buffer | string): void {
  res
    .status(200)
    .set({
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
    })
    .send(body);
}

/** Every admin route of core's adminEndpoints, each behind the admin guard. */
export function adminRoutes(ctx: AppContext) {
  const router = Router();
  const hub = diagnosticsHub(ctx);
  const jobs = jobRegistry(ctx);
  const retention = securityEventRetention(ctx);

  mount(router, ctx, E.adminStats, { guard }, ({ course }) => systemStats(ctx, course));
  mount(router, ctx, E.adminCourses, { guard }, () => listCourses(ctx));
  mount(router, ctx, E.adminUpdateCourse, { guard, params: courseParams }, ({ auth, params, body }) =>
    updateCourse(ctx, auth, params.course, body),
  );
  mount(router, ctx, E.adminExportCourse, { guard, params: courseParams }, async ({ auth, params, res }) => {
    const built = await exportCourse(ctx, auth, params.course);
    sendAttachment(res, 'application/zip', built.fileName, Buffer.from(built.zip));
  });
  mount(router, ctx, E.adminImportCourse, { guard }, ({ auth, req }) => importCourse(ctx, auth, req));
  studioRoutes(router, ctx);
  organisationRoutes(router, ctx);
  ltiAdminRoutes(router, ctx);

  mount(router, ctx, E.adminUsers, { guard }, ({ query }) => listUsers(ctx, query));
  mount(router, ctx, E.adminCreateUser, { guard }, ({ auth, body }) => createUser(ctx, auth, body));
  mount(router, ctx, E.adminSelectableProfiles, { guard }, () => selectableProfiles(ctx));
  mount(router, ctx, E.adminUser, { guard, params: userParams }, ({ params }) => getUser(ctx, params.userId));
  mount(router, ctx, E.adminUpdateUser, { guard, params: userParams }, ({ auth, params, body }) =>
    updateUser(ctx, auth, params.userId, body),
  );
  mount(router, ctx, E.adminDeleteUser, { guard, params: userParams }, ({ auth, params }) =>
    deleteUser(ctx, auth, params.userId),
  );
  mount(router, ctx, E.adminPasswordReset, { guard, params: userParams }, ({ auth, params }) =>
    sendPasswordReset(ctx, auth, params.userId),
  );
  mount(
    router,
    ctx,
    E.adminRevokeCredential,
    { guard, params: codeParams },
    async ({ auth, params, body }) => {
      const { userId, ...revoked } = await revokeCredential(ctx, params.code, body.reason);
      await logAction(ctx, auth, 'credential_revoked', userId, { code: revoked.code, reason: body.reason });
      return revoked;
    },
  );
  mount(router, ctx, E.adminAssignRole, { guard, params: userParams }, ({ auth, params, body }) =>
    assignRole(ctx, auth, params.userId, body.role),
  );
  mount(router, ctx, E.adminRemoveRole, { guard, params: roleParams }, ({ auth, params }) =>
    removeRole(ctx, auth, params.userId, params.role),
  );

  mount(router, ctx, E.adminUserProgress, { guard, params: userParams }, ({ course, params }) =>
    userProgressView(ctx, course, params.userId),
  );
  mount(router, ctx, E.adminQuizAttempts, { guard, params: userQuizParams }, ({ course, params }) =>
    userQuizAttempts(ctx, course, params.userId, params.quizId),
  );
  mount(router, ctx, E.adminResetProgress, { guard, params: userParams }, ({ auth, course, params }) =>
    adminResetProgress(ctx, course, auth, params.userId),
  );
  mount(router, ctx, E.adminResetModule, { guard, params: userModuleParams }, ({ auth, course, params }) =>
    adminResetModule(ctx, course, auth, params.userId, params.moduleId),
  );
  mount(router, ctx, E.adminResetQuiz, { guard, params: userQuizParams }, ({ auth, params }) =>
    adminResetQuiz(ctx, auth, params.userId, params.quizId),
  );
  mount(router, ctx, E.adminResetPreAssessment, { guard, params: userParams }, ({ auth, course, params }) =>
    adminResetPreAssessment(ctx, course, auth, params.userId),
  );

  mount(router, ctx, E.adminUpdateSettings, { guard }, ({ auth, body }) =>
    adminUpdateSettings(ctx, auth, body),
  );
  mount(router, ctx, E.adminSettingsDebug, { guard }, () => settingsDebug(ctx));

  mount(router, ctx, E.adminDiagnostics, { guard }, () => listDiagnostics(ctx));
  mount(router, ctx, E.adminSetAllDiagnostics, { guard }, ({ auth, body }) =>
    setAllDiagnostics(ctx, auth, body.diagnostic_enabled),
  );
  mount(router, ctx, E.adminDiagnosticsExport, { guard }, async ({ res }) => {
    const { file, data } = await exportDiagnostics(ctx);
    res.set('Content-Disposition', `attachment; filename="${file}"`);
    return data;
  });
  mount(router, ctx, E.adminDiagnosticsStream, { guard }, ({ req, res }) =>
    hub.open(req, res, () => listDiagnostics(ctx)),
  );
  mount(router, ctx, E.adminUpdateDiagnostics, { guard, params: moduleParams }, ({ auth, params, body }) =>
    updateDiagnostics(ctx, auth, params.moduleId, body),
  );

  mount(router, ctx, E.adminLoadAllContent, { guard }, ({ auth, course }) =>
    loadAllContent(ctx, course, auth),
  );
  mount(router, ctx, E.adminLoadModuleContent, { guard, params: moduleParams }, ({ auth, course, params }) =>
    loadModuleContent(ctx, course, auth, params.moduleId),
  );
  mount(router, ctx, E.adminRefreshImages, { guard }, ({ auth }) => refreshImages(ctx, auth));

  mount(router, ctx, E.adminExportPackage, { guard }, async ({ auth, query, res }) => {
    const built = await exportCoursePackage(ctx, auth, query.format, query.course);
    // The quiz keys are inside: a download for the admin, never kept by a cache on the way.
    sendAttachment(res, 'application/zip', built.fileName, Buffer.from(built.zip));
  });

  mount(router, ctx, E.adminImages, { guard }, () => listImages(ctx));
  mount(router, ctx, E.adminAnalyzeImages, { guard }, async ({ auth, course }) =>
    jobs.start('image-analysis', auth.userId, (progress) => runAnalysis(ctx, course, progress)),
  );
  mount(router, ctx, E.adminValidateImages, { guard }, async ({ auth, course, req }) => {
    const origin = `${req.protocol}://${req.get('host')}`;
    return jobs.start('image-validation', auth.userId, (progress) =>
      runValidation(ctx, course, origin, progress),
    );
  });
  mount(router, ctx, E.adminCorrectImages, { guard }, async ({ auth, course }) =>
    jobs.start('image-correction', auth.userId, (progress) => runCorrection(ctx, course, auth, progress)),
  );
  mount(router, ctx, E.adminJob, { guard, params: jobParams }, async ({ params }) => jobs.get(params.jobId));

  mount(router, ctx, E.adminTracking, { guard }, ({ course }) => trackingOverview(ctx, course));
  mount(router, ctx, E.adminTrackingCleanup, { guard }, ({ auth }) => cleanupOrphanedProgress(ctx, auth));
  mount(router, ctx, E.adminTrackingMigrate, { guard, params: userParams }, ({ auth, params }) =>
    migrateProgressToStable(ctx, auth, params.userId),
  );
  mount(router, ctx, E.adminCleanupLog, { guard }, () => cleanupLog(ctx));

  mount(router, ctx, E.adminAuditActions, { guard }, ({ query }) => auditActions(ctx, query));
  mount(router, ctx, E.adminAuditSecurityEvents, { guard }, ({ query }) => auditSecurityEvents(ctx, query));

  mount(router, ctx, E.adminAnalyticsReport, { guard }, ({ course }) => analyticsReport(ctx, course));
  mount(router, ctx, E.adminAnalyticsProgressCsv, { guard }, async ({ course, res }) => {
    const { file, csv } = await progressCsvExport(ctx, course);
    // Learners' names and e-mails: a download for the admin, never kept by a cache on the way.
    sendAttachment(res, 'text/csv; charset=utf-8', file, csv);
  });

  return {
    router,
    jobs,
    async close() {
      retention.stop();
      await hub.close();
    },
  };
}
