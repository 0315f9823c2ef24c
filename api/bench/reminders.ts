// `npm run bench:reminders`: a full reminder run over BENCH_ASSIGNMENTS (100,000) assignments on
// PostgreSQL (DATABASE_URL, default the local `test` server; a scratch database is created and
// dropped). Seeds 10 organisations of BENCH_ASSIGNMENTS / 50 people each with 5 courses assigned to
// every person, due dates spread over the past and the next 14 days, then times one wake-up of one
// instance's worker: every organisation's job claimed and run, every reminder due recorded and put
// in the mail outbox (delivery is the outbox's, not timed here). Prints the time, pairs looked at per
// second and reminders enqueued, and a second run (nothing more to send). Not part of `npm test`.
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { reminderWorker } from '../src/organisations/reminders';
import { call, signInAdmin, startServer } from '../src/test/harness';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const ASSIGNMENTS = Number(process.env.BENCH_ASSIGNMENTS ?? 100_000);
const ORGS = 10;
const COURSES = 5;
const PEOPLE = Math.ceil(ASSIGNMENTS / ORGS / COURSES);
const out = (line = '') => process.stdout.write(`${line}\n`);
const load = () =>
  `load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;

const server = await startServer('postgres', { config: { corsOrigins: [] } });
try {
  const db = server.database.db;
  const seeded = performance.now();
  const admin = (await signInAdmin(server)).token;
  // The harness connects as a superuser: the seed's SQL is not bound by row-level security.
  await db.execute(sql`
    insert into courses (slug, title, description, estimated_time, syllabus_time, pre_assessment_time)
    select 'bench-course-' || g, 'Bench course ' || g, c.description, c.estimated_time, c.syllabus_time,
      c.pre_assessment_time
    from courses c cross join generate_series(2, ${COURSES}) g where c.is_default`);
  for (let o = 0; o < ORGS; o++) {
    const org = (
      await call(server, 'POST', '/admin/organisations', {
        token: admin,
        body: { name: `Bench Organisation ${o}`, slug: `bench-org-${o}` },
      })
    ).body.id as string;
    await db.execute(sql`
      insert into users (id, email, password_hash, name)
      select gen_random_uuid(), 'bench' || ${o} || '.' || g || '@example.com', 'x', 'Person ' || g
        from generate_series(0, ${PEOPLE}) g`);
    await db.execute(sql`
      insert into organisation_members (organisation_id, user_id, role)
      select ${org}, id, case when email = ${`bench${o}.0@example.com`} then 'manager' else 'learner' end
        from users where email like ${`bench${o}.%@example.com`}`);
    await db.execute(sql`
      insert into organisation_assignments (id, organisation_id, course_id, user_id, due_at)
      select gen_random_uuid(), ${org}, c.id, m.user_id,
             ${new Date(server.clock.now()).toISOString()}::timestamptz
               + make_interval(hours => abs(hashtext(m.user_id::text || c.id)) % (28 * 24) - 14 * 24)
        from organisation_members m
        cross join courses c
       where m.organisation_id = ${org} and m.role = 'learner'
         and (c.is_default or c.slug like 'bench-course-%')`);
  }
  await db.execute(sql`analyze`);
  const [{ n }] = (await db.execute(
    sql`select count(*)::int as n from organisation_assignments`,
  )) as unknown as [{ n: number }];
  out(
    `seeded ${ORGS} organisations, ${n} assignments (${PEOPLE} people × ${COURSES} courses each) in ${Math.round(performance.now() - seeded)} ms`,
  );

  const worker = reminderWorker(server.app.ctx, { pollMs: 0 });
  for (const label of ['first run', 'second run (all sent already)']) {
    const started = performance.now();
    const run = await worker.run();
    const ms = performance.now() - started;
    out(
      `${label}: ${ms.toFixed(0)} ms, ${run.jobs} jobs, ${run.scanned} pairs due within a week or overdue looked at, ${run.sent} reminders enqueued; ${Math.round((n / ms) * 1000)} assignments/s (${load()})`,
    );
    server.clock.advance(3_600_000);
  }
  const [queued] = (await db.execute(
    sql`select count(*)::int as n from mail_outbox where status = 'pending'`,
  )) as unknown as [{ n: number }];
  out(`mail_outbox: ${queued.n} mails waiting for delivery`);
  worker.close();
} finally {
  await server.close();
}
