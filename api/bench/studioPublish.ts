// `npm run bench:studio`: how long the course studio's steps take on the real seed course (25
// lessons, 40 questions, its images), as the console meets them through the HTTP adapter: saving a
// module file, reviewing the draft's changes, and publishing it as a new version (the whole folder
// checked as an import is, then the content pipeline). On PGlite and, when DATABASE_URL is set,
// on PostgreSQL; each run edits one lesson first, so every publish gives learners a new version.
import { createHttpAdapter } from '@coursekit/core/http';
import { withHttpAdmin } from '@coursekit/core/http/admin';
import { readCourse, SEED_COURSE_DIR } from '../src/content/loader';
import { DRIVERS, signInAdmin, startServer } from '../src/test/harness';

const runs = Number(process.env.RUNS ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (started: number) => Math.round((performance.now() - started) * 10) / 10;

const { course } = await readCourse(SEED_COURSE_DIR);

for (const driver of DRIVERS) {
  const server = await startServer(driver);
  try {
    const { token } = await signInAdmin(server);
    const studio = withHttpAdmin(createHttpAdapter({ baseUrl: server.api, getAccessToken: () => token }))
      .admin.studio!;
    const timings = { save: [] as number[], changes: [] as number[], publish: [] as number[] };
    let lessons = 0;
    let questions = 0;
    for (let run = 1; run <= runs; run++) {
      const draft = await studio.draft(course.slug);
      const file = draft.files.find((f) => f.path === 'modules/module-1.md')!;
      // One more sentence at the end of the module's first lesson.
      const second = file.text!.indexOf('\n## ', file.text!.indexOf('\n## ') + 1);
      const text = `${file.text!.slice(0, second)}\n\nEdit ${run} of the benchmark.${file.text!.slice(second)}`;
      let started = performance.now();
      await studio.save(course.slug, file.path, { text }, file.revision);
      timings.save.push(ms(started));
      started = performance.now();
      const review = await studio.changes(course.slug);
      timings.changes.push(ms(started));
      started = performance.now();
      const published = await studio.publish(course.slug, review.draft_hash);
      timings.publish.push(ms(started));
      lessons = published.summary.updated + published.summary.unchanged + published.summary.inserted;
      questions = published.summary.questions;
    }
    const versions = await studio.versions(course.slug);
    process.stdout.write(
      `${JSON.stringify({
        driver,
        course: course.slug,
        lessons,
        questions,
        runs,
        medianMs: {
          save: median(timings.save),
          changes: median(timings.changes),
          publish: median(timings.publish),
        },
        publishMs: timings.publish,
        versions: versions.length,
      })}\n`,
    );
  } finally {
    await server.close();
  }
}
