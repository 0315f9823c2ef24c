import { adminEndpoints as E, ROLES } from '@coursekit/core';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context';
import { idParam } from '../http/params';
import { analyticsReport } from './analytics';
import { progressCsvExport } from './analyticsCsv';
import { auditActions, auditSecurityEvents } from './audit';
import { loadAllContent, loadModuleContent, refreshImages } from './content';
import {
  adminUpdateSettings,
  diagnosticsHub,
  exportDiagnostics,
  listDiagnostics,
  setAllDiagnostics,
  settingsDebug,
  updateDiagnostics,
} from './diagnostics';
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
import { mountAdmin } from './route';
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

/** Every admin route of core's adminEndpoints, each behind the admin guard. */
export function adminRoutes(ctx: AppContext) {
  const router = Router();
  const hub = diagnosticsHub(ctx);
  const jobs = jobRegistry(ctx);

  mountAdmin(router, ctx, E.adminStats, {}, () => systemStats(ctx));

  mountAdmin(router, ctx, E.adminUsers, {}, ({ query }) => listUsers(ctx, query));
  mountAdmin(router, ctx, E.adminCreateUser, {}, ({ admin, body }) => createUser(ctx, admin, body));
  mountAdmin(router, ctx, E.adminSelectableProfiles, {}, () => selectableProfiles(ctx));
  mountAdmin(router, ctx, E.adminUser, { params: userParams }, ({ params }) => getUser(ctx, params.userId));
  mountAdmin(router, ctx, E.adminUpdateUser, { params: userParams }, ({ admin, params, body }) =>
    updateUser(ctx, admin, params.userId, body),
  );
  mountAdmin(router, ctx, E.adminDeleteUser, { params: userParams }, ({ admin, params }) =>
    deleteUser(ctx, admin, params.userId),
  );
  mountAdmin(router, ctx, E.adminPasswordReset, { params: userParams }, ({ admin, params }) =>
    sendPasswordReset(ctx, admin, params.userId),
  );
  mountAdmin(router, ctx, E.adminAssignRole, { params: userParams }, ({ admin, params, body }) =>
    assignRole(ctx, admin, params.userId, body.role),
  );
  mountAdmin(router, ctx, E.adminRemoveRole, { params: roleParams }, ({ admin, params }) =>
    removeRole(ctx, admin, params.userId, params.role),
  );

  mountAdmin(router, ctx, E.adminUserProgress, { params: userParams }, ({ params }) =>
    userProgressView(ctx, params.userId),
  );
  mountAdmin(router, ctx, E.adminQuizAttempts, { params: userQuizParams }, ({ params }) =>
    userQuizAttempts(ctx, params.userId, params.quizId),
  );
  mountAdmin(router, ctx, E.adminResetProgress, { params: userParams }, ({ admin, params }) =>
    adminResetProgress(ctx, admin, params.userId),
  );
  mountAdmin(router, ctx, E.adminResetModule, { params: userModuleParams }, ({ admin, params }) =>
    adminResetModule(ctx, admin, params.userId, params.moduleId),
  );
  mountAdmin(router, ctx, E.adminResetQuiz, { params: userQuizParams }, ({ admin, params }) =>
    adminResetQuiz(ctx, admin, params.userId, params.quizId),
  );
  mountAdmin(router, ctx, E.adminResetPreAssessment, { params: userParams }, ({ admin, params }) =>
    adminResetPreAssessment(ctx, admin, params.userId),
  );

  mountAdmin(router, ctx, E.adminUpdateSettings, {}, ({ admin, body }) =>
    adminUpdateSettings(ctx, admin, body),
  );
  mountAdmin(router, ctx, E.adminSettingsDebug, {}, () => settingsDebug(ctx));

  mountAdmin(router, ctx, E.adminDiagnostics, {}, () => listDiagnostics(ctx));
  mountAdmin(router, ctx, E.adminSetAllDiagnostics, {}, ({ admin, body }) =>
    setAllDiagnostics(ctx, admin, body.diagnostic_enabled),
  );
  mountAdmin(router, ctx, E.adminDiagnosticsExport, {}, async ({ res }) => {
    const { file, data } = await exportDiagnostics(ctx);
    res.set('Content-Disposition', `attachment; filename="${file}"`);
    return data;
  });
  mountAdmin(router, ctx, E.adminDiagnosticsStream, {}, ({ req, res }) =>
    hub.open(req, res, () => listDiagnostics(ctx)),
  );
  mountAdmin(router, ctx, E.adminUpdateDiagnostics, { params: moduleParams }, ({ admin, params, body }) =>
    updateDiagnostics(ctx, admin, params.moduleId, body),
  );

  mountAdmin(router, ctx, E.adminLoadAllContent, {}, ({ admin }) => loadAllContent(ctx, admin));
  mountAdmin(router, ctx, E.adminLoadModuleContent, { params: moduleParams }, ({ admin, params }) =>
    loadModuleContent(ctx, admin, params.moduleId),
  );
  mountAdmin(router, ctx, E.adminRefreshImages, {}, ({ admin }) => refreshImages(ctx, admin));

  mountAdmin(router, ctx, E.adminImages, {}, () => listImages(ctx));
  mountAdmin(router, ctx, E.adminAnalyzeImages, {}, async ({ admin }) =>
    jobs.start('image-analysis', admin.userId, (progress) => runAnalysis(ctx, progress)),
  );
  mountAdmin(router, ctx, E.adminValidateImages, {}, async ({ admin, req }) => {
    const origin = `${req.protocol}://${req.get('host')}`;
    return jobs.start('image-validation', admin.userId, (progress) => runValidation(ctx, origin, progress));
  });
  mountAdmin(router, ctx, E.adminCorrectImages, {}, async ({ admin }) =>
    jobs.start('image-correction', admin.userId, (progress) => runCorrection(ctx, admin, progress)),
  );
  mountAdmin(router, ctx, E.adminJob, { params: jobParams }, async ({ params }) => jobs.get(params.jobId));

  mountAdmin(router, ctx, E.adminTracking, {}, () => trackingOverview(ctx));
  mountAdmin(router, ctx, E.adminTrackingCleanup, {}, ({ admin }) => cleanupOrphanedProgress(ctx, admin));
  mountAdmin(router, ctx, E.adminTrackingMigrate, { params: userParams }, ({ admin, params }) =>
    migrateProgressToStable(ctx, admin, params.userId),
  );
  mountAdmin(router, ctx, E.adminCleanupLog, {}, () => cleanupLog(ctx));

  mountAdmin(router, ctx, E.adminAuditActions, {}, ({ query }) => auditActions(ctx, query));
  mountAdmin(router, ctx, E.adminAuditSecurityEvents, {}, ({ query }) => auditSecurityEvents(ctx, query));

  mountAdmin(router, ctx, E.adminAnalyticsReport, {}, () => analyticsReport(ctx));
  mountAdmin(router, ctx, E.adminAnalyticsProgressCsv, {}, async ({ res }) => {
    const { file, csv } = await progressCsvExport(ctx);
    // Learners' names and e-mails: a download for the admin, never kept by a cache on the way.
    res
      .status(200)
      .set({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${file}"`,
        'Cache-Control': 'no-store',
      })
      .send(csv);
  });

  return {
    router,
    jobs,
    async close() {
      await hub.close();
    },
  };
}
