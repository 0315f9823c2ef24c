// `npm run bench:content`: times the admin content pipeline on the real seed course (its folder in
// api/content/courses) through
// the admin API, on PGlite and, when DATABASE_URL is set, on PostgreSQL: the first load into an empty
// database, a reload of unchanged content, and a reload after an edit, an added and a removed lesson.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHttpAdapter } from '@coursekit/core/http';
import { withHttpAdmin } from '@coursekit/core/http/admin';
import { SEED_COURSE_DIR } from '../src/content/loader';
import { schema } from '../src/db/index';
import { DRIVERS, signInAdmin, startServer } from '../src/test/harness';

const runs = Number(process.env.RUNS ?? 5);

for (const driver of DRIVERS) {
  const contentDir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-bench-content-'));
  // The default course's folder, copied so the run can edit it (the server's contentDir).
  cpSync(SEED_COURSE_DIR, contentDir, { recursive: true });
  const server = await startServer(driver, { contentDir });
  try {
    const { token } = await signInAdmin(server);
    const admin = withHttpAdmin(
      createHttpAdapter({ baseUrl: server.api, getAccessToken: () => token }),
    ).admin;
    const timed = async () => {
      const started = performance.now();
      const result = await admin.content.loadAll();
      return { ...result, ms: Math.round(performance.now() - started) };
    };

    // The seed loaded the course already: empty the lessons to time a first load too.
    await server.database.db.delete(schema.lessonVersions);
    await server.database.db.delete(schema.lessons);
    const first = await timed();
    const unchanged: Array<Awaited<ReturnType<typeof timed>>> = [];
    for (let i = 0; i < runs; i++) unchanged.push(await timed());

    const file = path.join(contentDir, 'modules', 'module-1.md');
    const text = readFileSync(file, 'utf8');
    const second = text.indexOf('\n## ', text.indexOf('\n## ') + 1);
    writeFileSync(
      file,
      `${text.slice(0, second)}\n\nOne more sentence.${text.slice(second, text.lastIndexOf('\n## '))}\n\n## Further Reading\n\n${'Standards and guides for facility data. '.repeat(5)}\n`,
    );
    const changed = await timed();
    const median = unchanged.map((r) => r.ms).sort((a, b) => a - b)[Math.floor(runs / 2)];
    const last = unchanged.at(-1)!;
    process.stdout.write(
      `${JSON.stringify({
        driver,
        firstLoad: { created: first.lessonsCreated, ms: first.ms },
        unchangedReload: {
          created: last.lessonsCreated,
          updated: last.lessonsUpdated,
          deactivated: last.lessonsDeactivated,
          medianMs: median,
          runs,
        },
        changedReload: {
          created: changed.lessonsCreated,
          updated: changed.lessonsUpdated,
          deactivated: changed.lessonsDeactivated,
          ms: changed.ms,
        },
      })}\n`,
    );
  } finally {
    await server.close();
    rmSync(contentDir, { recursive: true, force: true });
  }
}
