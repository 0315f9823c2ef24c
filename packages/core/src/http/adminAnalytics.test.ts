import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scoreGroup } from '../rules/analytics';
import type { AnalyticsReport } from '../schemas/analytics';
import { withHttpAdmin } from './admin/withHttpAdmin';
import { adminEndpoints } from './adminEndpoints';
import { createHttpAdapter } from './createHttpAdapter';

const report: AnalyticsReport = {
  generatedAt: '2026-11-23T00:00:00.000Z',
  learners: { total: 2, started: 1, completedCourse: 0 },
  funnel: [{ moduleId: 1, title: 'Fundamentals', lessons: 5, started: 1, completed: 0 }],
  scores: {
    preAssessment: scoreGroup([{ percentage: 40, passed: false }]),
    final: scoreGroup([]),
    paired: {
      learners: 0,
      averagePre: null,
      averageFinal: null,
      averageImprovement: null,
      medianImprovement: null,
      improved: 0,
    },
  },
  difficulty: [],
};
const csv = 'user_id,display_name\r\nu1,"Silva, Ana"\r\n';

let server: Server;
let baseUrl: string;
let seen: Array<{ url: string; auth: string | undefined }>;
let reportBody: unknown;

beforeEach(async () => {
  seen = [];
  reportBody = report;
  server = createServer((req, res) => {
    const url = req.url!.replace(/^\/api/, '');
    seen.push({ url, auth: req.headers.authorization });
    if (url === adminEndpoints.adminAnalyticsReport.path) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reportBody));
    } else if (url === adminEndpoints.adminAnalyticsProgressCsv.path) {
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' }).end(csv);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const analyticsOf = () =>
  withHttpAdmin(createHttpAdapter({ baseUrl, getAccessToken: () => 'admin-token' })).admin.analytics!;

describe('the HTTP adapter’s analytics part', () => {
  it('fetches the validated report with the admin’s bearer token', async () => {
    expect(await analyticsOf().report()).toEqual(report);
    expect(seen).toEqual([{ url: '/admin/analytics/report', auth: 'Bearer admin-token' }]);
  });

  it('answers the progress CSV as the text the server sent, not as JSON', async () => {
    expect(await analyticsOf().progressCsv()).toBe(csv);
    expect(seen[0]!.url).toBe('/admin/analytics/progress.csv');
  });

  it('refuses a report that does not match the contract', async () => {
    reportBody = { ...report, funnel: 'none' };
    await expect(analyticsOf().report()).rejects.toMatchObject({ code: 'unexpected' });
  });
});

describe('the analytics endpoints', () => {
  it('declare the CSV as a text answer and the report as a JSON one', () => {
    expect(adminEndpoints.adminAnalyticsProgressCsv).toMatchObject({ method: 'GET', produces: 'text/csv' });
    expect('answer' in adminEndpoints.adminAnalyticsProgressCsv).toBe(false);
    expect(adminEndpoints.adminAnalyticsReport.answer).toBeDefined();
  });
});
