// `npm run bench:org`: an organisation's manager at 10,000 people, on PostgreSQL (DATABASE_URL,
// default the local `test` server; a scratch database is created and dropped). Seeds BENCH_PEOPLE
// (10,000) learners with progress and final-quiz attempts in the default course (the analytics
// bench's cohort), puts them all in one organisation in 10 groups, and assigns 5 courses: the
// default course and a copy to the groups, three more copies to each person (the copies have no
// lessons, so their rows are not started or overdue). Then times through the real API the report's
// first page, the CSV export of everyone, and a CSV import of BENCH_PEOPLE new rows (preview, then
// apply: invitations stored and their mails written to the dev mailbox). Prints p50/max and the
// machine's load. BENCH_EXPLAIN=1 also prints the plan of the first page's statement, run with
// EXPLAIN (ANALYZE, BUFFERS) by the same code the API runs. Not part of `npm test`.
import { loadavg } from 'node:os';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../src/db/index';
import { reportRows } from '../src/organisations/report';
import { call, signInAdmin, signUp, startServer } from '../src/test/harness';
import { seedCohort } from './analyticsSeed';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 7);
const out = (line = '') => process.stdout.write(`${line}\n`);
const load = () =>
  `load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;

/** Prints the plan of the report's first page: the report's own statement, under EXPLAIN. */
async function explainFirstPage(db: Db, organisationId: string) {
  class Explained extends Error {}
  const plans: string[] = [];
  const explaining = Object.create(db, {
    execute: {
      value: async (query: SQL) => {
        const rows = (await db.execute(sql`explain (analyze, buffers) ${query}`)) as unknown as Array<
          Record<string, string>
        >;
        plans.push(rows.map((row) => Object.values(row)[0]).join('\n'));
        throw new Explained();
      },
    },
  }) as Db;
  await reportRows(
    { db: explaining, organisationId, clock: { now: () => Date.now() } },
    { sort: 'email' },
    { limit: 25, offset: 0 },
  ).catch((err: unknown) => {
    if (!(err instanceof Explained)) throw err;
  });
  out(plans.join('\n\n'));
}

const server = await startServer('postgres', { config: { corsOrigins: [] } });
try {
  const db = server.database.db;
  const seeded = performance.now();
  const counts = await seedCohort(db, PEOPLE);
  const admin = (await signInAdmin(server)).token;
  const org = (
    await call(server, 'POST', '/admin/organisations', {
      token: admin,
      body: { name: 'Bench Facilities', slug: 'bench-facilities' },
    })
  ).body.id as string;
  const manager = await signUp(server, 'Bench Manager');
  await call(server, 'PUT', `/admin/organisations/${org}/members/${manager.userId}`, {
    token: admin,
    body: { role: 'manager' },
  });
  // The harness connects as a superuser: the seed's SQL is not bound by row-level security.
  await db.execute(sql`
    insert into courses (slug, title, description, estimated_time, syllabus_time, pre_assessment_time)
    select 'bench-course-' || g, 'Bench course ' || g, c.description, c.estimated_time, c.syllabus_time,
      c.pre_assessment_time
    from courses c cross join generate_series(2, 5) g where c.is_default`);
  await db.execute(sql`
    insert into organisation_members (organisation_id, user_id, role)
    select ${org}, id, 'learner' from users where email like 'bench%'`);
  await db.execute(sql`
    insert into organisation_groups (id, organisation_id, name)
    select gen_random_uuid(), ${org}, 'Group ' || g from generate_series(0, 9) g`);
  await db.execute(sql`
    insert into organisation_group_members (organisation_id, group_id, user_id)
    select ${org}, gr.id, u.id
    from (select id, row_number() over (order by id) % 10 as k from users where email like 'bench%') u
    join organisation_groups gr on gr.organisation_id = ${org} and gr.name = 'Group ' || u.k`);
  // Due dates spread over the last and next 30 days, so some rows are overdue.
  await db.execute(sql`
    insert into organisation_assignments (id, organisation_id, course_id, group_id, due_at)
    select gen_random_uuid(), ${org}, c.id, gr.id, now() + make_interval(days => (row_number() over ())::int % 60 - 30)
    from organisation_groups gr
    cross join courses c
    where gr.organisation_id = ${org} and (c.is_default or c.slug = 'bench-course-2')`);
  await db.execute(sql`
    insert into organisation_assignments (id, organisation_id, course_id, user_id, due_at)
    select gen_random_uuid(), ${org}, c.id, m.user_id, now() + make_interval(days => abs(hashtext(m.user_id::text)) % 60 - 30)
    from organisation_members m
    cross join courses c
    where m.organisation_id = ${org} and m.role = 'learner' and c.slug in ('bench-course-3', 'bench-course-4', 'bench-course-5')`);
  await db.execute(sql`analyze`);
  out(
    `seeded ${PEOPLE} people (${counts.progress} progress records, ${counts.attempts} attempts), 10 groups, 5 assigned courses in ${Math.round(performance.now() - seeded)} ms`,
  );

  if (process.env.BENCH_EXPLAIN) await explainFirstPage(db, org);

  const token = manager.token;
  const base = `${server.api}/organisations/${org}`;
  const get = (path: string) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const time = async (label: string, runs: number, run: () => Promise<string>) => {
    const ms: number[] = [];
    let last = '';
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      last = await run();
      ms.push(performance.now() - started);
    }
    ms.sort((a, b) => a - b);
    out(
      `${label}: p50 ${ms[Math.floor(ms.length / 2)]!.toFixed(0)} ms, max ${ms.at(-1)!.toFixed(0)} ms over ${runs} runs (${last}; ${load()})`,
    );
  };
  await time('GET report, first page', RUNS, async () => {
    const res = await get('/report');
    const body = (await res.json()) as { total: number; items: unknown[] };
    return `${res.status}, ${body.items.length} of ${body.total} rows`;
  });
  await time('GET report, first page of the overdue', RUNS, async () => {
    const res = await get('/report?status=overdue&sort=due_at');
    const body = (await res.json()) as { total: number };
    return `${res.status}, ${body.total} overdue`;
  });
  await time('GET report/csv, everyone', 3, async () => {
    const res = await get('/report/csv');
    const text = await res.text();
    return `${res.status}, ${text.split('\r\n').length - 2} rows, ${(text.length / 1024).toFixed(0)} KiB`;
  });

  const csv = `\uFEFFemail,name,group\r\n${Array.from(
    { length: PEOPLE },
    (_, i) => `new${i}@bench-import.test,New Person ${i},Import ${i % 20}`,
  ).join('\r\n')}\r\n`;
  const upload = async (mode: 'preview' | 'apply') => {
    const res = await fetch(`${base}/import?mode=${mode}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: csv,
    });
    const body = (await res.json()) as { counts: Record<string, number> };
    return `${res.status}, ${JSON.stringify(body.counts)}`;
  };
  await time(`POST import of ${PEOPLE} rows, preview`, 3, () => upload('preview'));
  await time(`POST import of ${PEOPLE} rows, apply`, 1, () => upload('apply'));
  await time(`POST import of the same ${PEOPLE} rows again, apply`, 1, () => upload('apply'));
} finally {
  await server.close();
}
