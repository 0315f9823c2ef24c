import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CourseError } from '../errors';
import { messages } from '../messages';
import type { DiagnosticSettings, JobStatus } from '../schemas/admin';
import { DEFAULT_SYSTEM_SETTINGS } from '../schemas/entities';
import { withHttpAdmin } from './admin/withHttpAdmin';
import { adminEndpoints } from './adminEndpoints';
import { createHttpAdapter } from './createHttpAdapter';
import { pathOf } from './endpoints';

const at = '2026-01-01T00:00:00.000Z';
const userView = {
  id: 'u2',
  display_name: 'Bo Brown',
  email: 'bo@example.com',
  roles: ['user'],
  created_at: at,
  updated_at: null,
  last_sign_in_at: null,
  email_confirmed_at: null,
  avatar_url: null,
};
const diagnostics: DiagnosticSettings = {
  module_id: 1,
  diagnostic_enabled: true,
  diagnostic_level: 'debug',
  show_performance_metrics: false,
  auto_refresh_enabled: false,
  show_progress_details: false,
  show_lesson_versions: false,
  updated_at: at,
};
const summary = {
  totalLessons: 0,
  completedLessons: 0,
  progressPercentage: 0,
  isComplete: false,
  hasStarted: false,
  lastModuleId: null,
  lastLessonId: null,
  nextModuleId: null,
  nextLessonId: null,
  courseComplete: false,
  quizPassed: false,
  hasPreAssessment: false,
  preAssessmentPassed: false,
  modules: [],
};
const loaded = { success: true, message: 'Loaded', lessonsCreated: 2 };
const analysis = {
  totalLessons: 1,
  lessonsWithImages: 1,
  problematicUrls: [],
  encodingIssues: 0,
  urlPatterns: [],
};
const emptyPage = { items: [], total: 0, page: 1, pageSize: 50 };

/** What the fake API answers, by endpoint name; jobs walk through their progress on each poll. */
const answers: Record<string, unknown> = {
  adminStats: { totalUsers: 3, totalModules: 5, totalLessons: 25, totalQuizzes: 2 },
  adminUsers: { items: [userView], total: 1, page: 2, pageSize: 10 },
  adminCreateUser: userView,
  adminUser: userView,
  adminUpdateUser: userView,
  adminAssignRole: { roles: ['moderator', 'user'] },
  adminRemoveRole: { roles: ['user'] },
  adminSelectableProfiles: [{ user_id: 'u2', display_name: 'Bo Brown', created_at: at }],
  adminUserProgress: { userId: 'u2', summary, quizzes: [], preAssessment: null },
  adminQuizAttempts: [],
  adminUpdateSettings: DEFAULT_SYSTEM_SETTINGS,
  adminSettingsDebug: { query_ms: 1 },
  adminDiagnostics: [diagnostics],
  adminSetAllDiagnostics: [diagnostics],
  adminDiagnosticsExport: { exported_at: at, settings: [diagnostics] },
  adminUpdateDiagnostics: diagnostics,
  adminLoadAllContent: loaded,
  adminLoadModuleContent: loaded,
  adminRefreshImages: loaded,
  adminImages: [{ name: 'a.svg', size: 10, updated_at: at }],
  adminTracking: {
    totalRecords: 0,
    stableRecords: 0,
    legacyRecords: 0,
    orphanedRecords: 0,
    averageLessonVersion: 1,
    modules: [],
  },
  adminTrackingCleanup: { success: true, cleaned_records: 2 },
  adminTrackingMigrate: { success: true, migrated_records: 1 },
  adminCleanupLog: [],
  adminAuditActions: emptyPage,
  adminAuditSecurityEvents: emptyPage,
};

const JOB_STARTS = new Set(['adminAnalyzeImages', 'adminValidateImages', 'adminCorrectImages']);

let server: Server;
let baseUrl: string;
let seen: Array<{ name: string; url: string; auth: string | undefined; body: unknown }>;
let jobPolls: JobStatus[];
let override: ((name: string, res: ServerResponse) => boolean) | null;

const routes = Object.entries(adminEndpoints).map(([name, endpoint]) => ({
  name,
  method: endpoint.method,
  pattern: new RegExp(`^${endpoint.path.replace(/:\w+/g, '[^/?]+')}(\\?.*)?$`),
}));

beforeEach(async () => {
  seen = [];
  override = null;
  jobPolls = [];
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = req.url!.replace(/^\/api/, '');
      const route = routes.find((r) => r.method === req.method && r.pattern.test(url));
      const name = route?.name ?? 'unknown';
      seen.push({ name, url, auth: req.headers.authorization, body: raw ? JSON.parse(raw) : undefined });
      if (override?.(name, res)) return;
      if (name === 'adminDiagnosticsStream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`event: diagnostics\ndata: ${JSON.stringify([diagnostics])}\n\n`);
        return;
      }
      let body = answers[name];
      if (JOB_STARTS.has(name) || name === 'adminJob') body = jobPolls.shift();
      if (body === undefined) {
        res.writeHead(name === 'unknown' ? 404 : 204).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const adminOf = () =>
  withHttpAdmin(createHttpAdapter({ baseUrl, getAccessToken: () => 'admin-token', jobPollMs: 5 })).admin;

describe('the HTTP adapter’s admin part', () => {
  it('calls every admin endpoint with its method, path, query and body, and answers the validated shape', async () => {
    const admin = adminOf();
    expect(await admin.stats()).toMatchObject({ totalModules: 5 });
    expect((await admin.users.list({ search: 'bo', sort: 'asc', page: 2, pageSize: 10 })).total).toBe(1);
    expect((await admin.users.get('u2')).email).toBe('bo@example.com');
    await admin.users.create({
      email: 'bo@example.com',
      password: 'x',
      displayName: 'Bo',
      sendInvite: false,
      roles: ['user'],
    });
    await admin.users.update('u2', { display_name: ' Bo ' });
    await admin.users.delete('u2');
    await admin.users.sendPasswordReset('u2');
    expect(await admin.users.selectable()).toHaveLength(1);
    expect(await admin.roles.assign('u2', 'moderator')).toEqual(['moderator', 'user']);
    expect(await admin.roles.remove('u2', 'moderator')).toEqual(['user']);
    expect((await admin.userProgress.get('u2')).userId).toBe('u2');
    expect(await admin.userProgress.attempts('u2', 7)).toEqual([]);
    await admin.userProgress.reset('u2');
    await admin.userProgress.resetModule('u2', 3);
    await admin.userProgress.resetQuiz('u2', 7);
    await admin.userProgress.resetPreAssessment('u2');
    expect(await admin.settings.update({ maintenance_mode: false })).toEqual(DEFAULT_SYSTEM_SETTINGS);
    expect(await admin.settings.debug()).toEqual({ query_ms: 1 });
    expect(await admin.diagnostics.list()).toEqual([diagnostics]);
    expect(await admin.diagnostics.update(1, { diagnostic_level: 'debug' })).toEqual(diagnostics);
    expect(await admin.diagnostics.setAll(true)).toEqual([diagnostics]);
    expect((await admin.diagnostics.export?.())?.settings).toEqual([diagnostics]);
    expect(await admin.content.loadAll()).toEqual(loaded);
    expect(await admin.content.loadModule(4)).toEqual(loaded);
    expect(await admin.content.refreshImages()).toEqual(loaded);
    expect(await admin.images.list()).toHaveLength(1);
    expect((await admin.tracking.overview()).averageLessonVersion).toBe(1);
    expect(await admin.tracking.cleanup()).toEqual({ success: true, cleaned_records: 2 });
    expect(await admin.tracking.migrate('u2')).toEqual({ success: true, migrated_records: 1 });
    expect(await admin.tracking.cleanupLog()).toEqual([]);
    expect(await admin.audit.actions({ page: 1 })).toEqual(emptyPage);
    expect(await admin.audit.securityEvents()).toEqual(emptyPage);

    expect(seen.every((s) => s.auth === 'Bearer admin-token')).toBe(true);
    const byName = new Map(seen.map((s) => [s.name, s]));
    expect(byName.get('adminUsers')!.url).toBe('/admin/users?search=bo&sort=asc&page=2&pageSize=10');
    expect(byName.get('adminCreateUser')!.body).toMatchObject({ sendInvite: false, roles: ['user'] });
    expect(byName.get('adminRemoveRole')!.url).toBe(
      pathOf(adminEndpoints.adminRemoveRole.path, { userId: 'u2', role: 'moderator' }),
    );
    expect(byName.get('adminSetAllDiagnostics')!.body).toEqual({ diagnostic_enabled: true });
    expect(byName.get('adminLoadModuleContent')!.url).toBe('/admin/content/modules/4/load');
    expect(byName.get('adminResetQuiz')!.url).toBe('/admin/users/u2/quizzes/7/attempts');
    expect(seen.some((s) => s.name === 'unknown')).toBe(false);
  });

  it('starts an image job and polls it, reporting each progress step until the result', async () => {
    const job = { id: 'j1', kind: 'image-analysis' as const, state: 'running' as const };
    jobPolls = [
      { ...job, progress: 0 },
      { ...job, progress: 25 },
      { ...job, progress: 25 },
      { ...job, progress: 75 },
      { ...job, state: 'done', progress: 100, result: analysis },
    ];
    const steps: number[] = [];
    expect(await adminOf().images.analyze((j) => steps.push(j.progress))).toEqual(analysis);
    expect(steps).toEqual([0, 25, 75, 100]);
    expect(seen.filter((s) => s.name === 'adminJob').map((s) => s.url)).toEqual(
      Array(4).fill('/admin/jobs/j1'),
    );
  });

  it('rejects with the job’s error, and with a CourseError when a result does not match its schema', async () => {
    jobPolls = [
      { id: 'j2', kind: 'image-validation', state: 'error', progress: 20, error: 'Storage unreachable' },
    ];
    await expect(adminOf().images.validate()).rejects.toMatchObject({ message: 'Storage unreachable' });
    jobPolls = [{ id: 'j3', kind: 'image-correction', state: 'done', progress: 100, result: { nope: true } }];
    await expect(adminOf().images.correct()).rejects.toBeInstanceOf(CourseError);
    override = (name, res) => {
      if (name !== 'adminStats') return false;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"totalUsers":"many"}');
      return true;
    };
    await expect(adminOf().stats()).rejects.toMatchObject({ code: 'unexpected' });
  });

  it('passes the guard’s refusals through as CourseErrors with the spec’s texts', async () => {
    override = (_name, res) => {
      res
        .writeHead(403, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: 'forbidden', message: messages.guardInsufficientRole } }));
      return true;
    };
    await expect(adminOf().users.list()).rejects.toMatchObject({
      code: 'forbidden',
      message: messages.guardInsufficientRole,
    });
    const signedOut = withHttpAdmin(createHttpAdapter({ baseUrl })).admin;
    await expect(signedOut.stats()).rejects.toMatchObject({
      code: 'unauthorized',
      message: messages.sessionMissing,
    });
  });

  it('refreshes an expired session once and retries the admin call', async () => {
    let refreshed = false;
    override = (name, res) => {
      if (seen.at(-1)!.url === '/auth/refresh') {
        refreshed = true;
        const s = {
          user: { id: 'a', email: 'a@x.com', email_confirmed_at: null, created_at: at, user_metadata: {} },
        };
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            ...s,
            access_token: 'fresh',
            refresh_token: 'r2',
            expires_at: Date.now() / 1000 + 900,
          }),
        );
        return true;
      }
      if (name === 'adminStats' && seen.at(-1)!.auth === 'Bearer stale') {
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { code: 'unauthorized', message: messages.guardSessionFailed } }));
        return true;
      }
      return false;
    };
    const stored = {
      user: { id: 'a', email: 'a@x.com', email_confirmed_at: null, created_at: at, user_metadata: {} },
      access_token: 'stale',
      refresh_token: 'r1',
      expires_at: Date.now() / 1000 + 900,
    };
    const memory = new Map([['coursekit.session', JSON.stringify(stored)]]);
    const adapter = withHttpAdmin(
      createHttpAdapter({
        baseUrl,
        storage: {
          getItem: (k) => memory.get(k) ?? null,
          setItem: (k, v) => void memory.set(k, v),
          removeItem: (k) => void memory.delete(k),
        },
      }),
    );
    expect((await adapter.admin.stats()).totalLessons).toBe(25);
    expect(refreshed).toBe(true);
    expect(seen.at(-1)!.auth).toBe('Bearer fresh');
  });

  it('follows the diagnostics stream with the bearer token', async () => {
    const heard: DiagnosticSettings[][] = [];
    const stop = adminOf().diagnostics.subscribe((list) => heard.push(list));
    try {
      await expect.poll(() => heard.length, { timeout: 3000 }).toBe(1);
      expect(heard[0]).toEqual([diagnostics]);
      expect(seen.find((s) => s.name === 'adminDiagnosticsStream')!.auth).toBe('Bearer admin-token');
    } finally {
      stop();
    }
  });
});
