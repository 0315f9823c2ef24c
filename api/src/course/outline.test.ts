import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CourseOutlineSchema } from '@coursekit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCourse } from '../content/applyCourse';
import { readCourse, SEED_COURSE_DIR } from '../content/loader';
import { call, DRIVERS, signUp, startServer, type TestServer } from '../test/harness';

// A course's facts are data: what the outline says comes from the content folder through
// the courses row, not from code. Proven by serving a copy of the course whose facts were changed.

describe.each(DRIVERS)('GET /api/outline (%s)', (driver) => {
  let server: TestServer;
  let contentDir: string;
  let edited: ReturnType<typeof JSON.parse>;

  beforeAll(async () => {
    contentDir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-outline-'));
    cpSync(SEED_COURSE_DIR, contentDir, { recursive: true });
    const file = path.join(contentDir, 'course.json');
    edited = JSON.parse(readFileSync(file, 'utf8'));
    edited.title = 'Reading a Meter-Data Report';
    edited.estimatedTime = '3 hours';
    edited.syllabusDuration = '1h 10m';
    edited.preAssessmentTime = '5 minutes';
    edited.audience = 'Energy managers and the people who check their invoices.';
    delete edited.quizzes.preAssessment.passedMessage;
    edited.modules[0].durationMinutes = 17;
    delete edited.modules[1].durationMinutes;
    writeFileSync(file, JSON.stringify(edited));
    server = await startServer(driver, { contentDir });
    // The harness seeds the repo's course; what an admin's content load does brings the edited one.
    await applyCourse(server.database.db, await readCourse(contentDir));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(contentDir, { recursive: true, force: true });
  });

  it('answers signed out with what the course folder says about the course', async () => {
    const res = await call(server, 'GET', '/outline');
    expect(res.status).toBe(200);
    const outline = CourseOutlineSchema.parse(res.body);
    const content = await readCourse(contentDir);
    expect(outline).toEqual({
      slug: edited.slug,
      title: 'Reading a Meter-Data Report',
      description: edited.description,
      estimated_time: '3 hours',
      syllabus_time: '1h 10m',
      pre_assessment_time: '5 minutes',
      objectives: edited.objectives,
      audience: 'Energy managers and the people who check their invoices.',
      pre_assessment_passed: null,
      modules: content.modules.map((m) => ({
        id: m.id,
        name: m.name,
        summary: m.summary,
        description: m.description,
        duration_minutes: m.durationMinutes ?? null,
      })),
    });
    expect(outline.modules[0]!.duration_minutes).toBe(17);
    expect(outline.modules[1]!.duration_minutes).toBeNull();
  });

  it('gives each module its duration in the modules list too (null where the course gives none)', async () => {
    const { token } = await signUp(server, 'Ana Silva');
    const res = await call(server, 'GET', '/modules', { token });
    expect(res.status).toBe(200);
    expect(res.body.map((m: { duration_minutes: number | null }) => m.duration_minutes).slice(0, 3)).toEqual([
      17,
      null,
      edited.modules[2].durationMinutes,
    ]);
  });
});
