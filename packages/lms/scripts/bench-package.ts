// `npm run bench:lms`: the figures of the course's LMS packages — zip size per format, the player
// bundle inside, and the suspend data of a learner who has done the whole course (SCORM 1.2 holds
// 4,096 characters). Builds the player first when this checkout has none.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildCoursePackage, LMS_DIST, seededCourseBundle } from '@coursekit/api/packaging';
import { type CourseBundle, PACKAGE_FORMATS } from '@coursekit/core';
import { createMemoryRuntime, createPackageAdapter, type MemoryLmsRecord } from '@coursekit/lms';

if (!existsSync(path.join(LMS_DIST, 'player-cmi5.js'))) {
  execFileSync(process.execPath, [path.join(LMS_DIST, '..', 'build.mjs')], { stdio: 'inherit' });
}
const course = await seededCourseBundle();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

process.stdout.write('\nLMS packages of the seed course\n');
for (const format of PACKAGE_FORMATS) {
  const built = await buildCoursePackage(course, format);
  const player = readFileSync(path.join(LMS_DIST, `player-${format}.js`));
  process.stdout.write(
    `  ${format.padEnd(9)} zip ${kb(built.zip.byteLength).padStart(9)}  ${String(built.files.length).padStart(2)} files  player ${kb(built.playerBytes)} (${kb(gzipSync(player).length)} gzip)\n`,
  );
}

/** A learner who completes every lesson and takes each quiz `times` times (the final one failed and passed in turn). */
async function wholeCourse(bundle: CourseBundle, times: number): Promise<number> {
  const record: MemoryLmsRecord = { learner: { id: 'bench', name: 'Bench, Learner' } };
  const adapter = createPackageAdapter({
    bundle,
    runtime: createMemoryRuntime(record),
    baseUrl: 'https://lms.example/',
  });
  for (const m of await adapter.course.modules()) {
    for (const l of await adapter.course.lessons(m.id))
      await adapter.progress.setLessonCompleted(l.lesson_key, true);
  }
  for (let i = 0; i < times; i++) {
    for (const { quiz, questions } of bundle.quizzes) {
      const attempt = await adapter.quizzes.startAttempt(quiz.id);
      const letter = (q: (typeof questions)[number], n: number) =>
        n % (i % 2 === 0 ? 3 : 7) === 0 ? (q.correct_answer === 'A' ? 'B' : 'A') : q.correct_answer;
      if (quiz.kind === 'pre_assessment') {
        await adapter.quizzes.complete(
          attempt.id,
          Object.fromEntries(questions.map((q, n) => [String(q.id), letter(q, n)])),
        );
      } else {
        for (const [n, q] of questions.entries())
          await adapter.quizzes.answer(attempt.id, q.id, letter(q, n));
        await adapter.quizzes.complete(attempt.id);
      }
    }
  }
  return record.suspendData?.length ?? 0;
}

process.stdout.write('\nsuspend_data with the whole course done (limit 4,096 characters in SCORM 1.2)\n');
for (const times of [1, 5, 20, 50]) {
  process.stdout.write(
    `  every lesson, each quiz taken ${String(times).padStart(2)} times: ${await wholeCourse(course.bundle, times)} characters\n`,
  );
}
