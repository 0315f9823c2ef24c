import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CourseBundleSchema } from '@coursekit/core';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db/index';
import { call, DRIVERS, signInAdmin, signUp, startServer, type TestServer } from '../test/harness';
import { LMS_DIST } from './buildPackage';

/** The package's player is built by @coursekit/lms; build it once if this checkout has not. */
beforeAll(() => {
  if (!existsSync(path.join(LMS_DIST, 'player-cmi5.js'))) {
    execFileSync(process.execPath, [path.join(LMS_DIST, '..', 'build.mjs')], { stdio: 'ignore' });
  }
}, 120_000);

describe.each(DRIVERS)('GET /api/admin/content/package (%s)', (driver) => {
  let server: TestServer;
  let admin: { token: string; userId: string };
  beforeAll(async () => {
    server = await startServer(driver);
    admin = await signInAdmin(server);
  });
  afterAll(() => server?.close());

  async function download(query: string, token = admin.token) {
    return fetch(`${server.api}/admin/content/package?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  }

  it.each([
    ['scorm12', 'imsmanifest.xml', 'adlcp_rootv1p2.xsd'],
    ['scorm2004', 'imsmanifest.xml', 'imsss_v1p0.xsd'],
    ['cmi5', 'cmi5.xml', null],
  ])('exports the course as %s: a zip an LMS imports as it is', async (format, manifest, schemaFile) => {
    const res = await download(`format=${format}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="data-literacy-for-facility-managers-${format}.zip"`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    for (const name of ['index.html', 'player.js', 'player.css', 'data/course.json', manifest]) {
      expect(files[name], name).toBeDefined();
    }
    if (schemaFile) expect(files[schemaFile]).toBeDefined();
    const bundle = CourseBundleSchema.parse(JSON.parse(strFromU8(files['data/course.json']!)));
    for (const image of bundle.images) expect(files[`images/${image}`], image).toBeDefined();
    // Self-contained: the page loads only the package's own files and the player calls no API of ours.
    const html = strFromU8(files['index.html']!);
    expect([...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])).toEqual([
      'player.css',
      'player.js',
    ]);
    expect(strFromU8(files['player.js']!)).not.toMatch(/\/api\/(progress|quizzes|auth|modules)/);
    if (format !== 'cmi5') {
      const listed = [...strFromU8(files['imsmanifest.xml']!).matchAll(/<file href="([^"]+)"/g)].map(
        (m) => m[1],
      );
      expect(listed.sort()).toEqual(
        Object.keys(files)
          .filter((f) => !/\.(xsd|dtd|xml)$/.test(f))
          .sort(),
      );
    }
  });

  it('writes the export to the admin action log', async () => {
    await download('format=scorm2004');
    const rows = await server.database.db
      .select()
      .from(schema.adminActionLog)
      .where(eq(schema.adminActionLog.actionType, 'course_package_exported'));
    expect(rows.at(-1)).toMatchObject({
      adminUserId: admin.userId,
      actionDetails: expect.objectContaining({
        format: 'scorm2004',
        course: 'data-literacy-for-facility-managers',
      }),
    });
  });

  it('refuses an unknown format or course with a clear message, and a learner outright', async () => {
    const bad = await call(server, 'GET', '/admin/content/package?format=scorm3', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_error');
    const unknown = await call(server, 'GET', '/admin/content/package?format=cmi5&course=cooking', {
      token: admin.token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain('cooking');
    const learner = await signUp(server);
    expect((await download('format=scorm12', learner.token)).status).toBe(403);
  });
});
