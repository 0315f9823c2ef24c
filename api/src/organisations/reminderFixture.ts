import { sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import type { Mailer, MailMessage } from '../mail/mailer';
import { call, signInAdmin, type TestServer } from '../test/harness';
import { DAY } from '../test/reminderInstances';

export { DAY, testOutbox } from '../test/reminderInstances';

// What the reminder tests share: an organisation of people made straight in the database (many,
// fast), their assignments, and a transport that keeps what it is given (the outbox that delivers
// to it, and the instances woken by hand, are in test/reminderInstances.ts, shared with the journey).

/** An organisation made through the admin API, with `people` learners and one manager put in by SQL. */
export async function organisationWithPeople(
  server: TestServer,
  options: { name: string; slug: string; people: number; dueInDays: number },
): Promise<{ id: string; learners: string[]; manager: string; course: string }> {
  const admin = (await signInAdmin(server)).token;
  const made = await call(server, 'POST', '/admin/organisations', {
    token: admin,
    body: { name: options.name, slug: options.slug },
  });
  if (made.status !== 201) throw new Error(`organisation: ${made.status} ${JSON.stringify(made.body)}`);
  const id = made.body.id as string;
  const db = server.database.db;
  const prefix = options.slug;
  await db.execute(sql`
    insert into users (id, email, password_hash, name)
    select gen_random_uuid(), ${prefix} || '.' || g || '@people.test', 'x', 'Person ' || g
      from generate_series(0, ${options.people}) g`);
  await db.execute(sql`
    insert into organisation_members (organisation_id, user_id, role)
    select ${id}, u.id, case when u.email = ${`${prefix}.0@people.test`} then 'manager' else 'learner' end
      from users u where u.email like ${`${prefix}.%@people.test`}`);
  const [course] = (await rows<{ id: number; slug: string }>(
    db,
    sql`select id, slug from courses where is_default`,
  )) as [{ id: number; slug: string }];
  const due = new Date(server.clock.now() + options.dueInDays * DAY).toISOString();
  await db.execute(sql`
    insert into organisation_assignments (id, organisation_id, course_id, user_id, due_at)
    select gen_random_uuid(), ${id}, ${course.id}, m.user_id, ${due}::timestamptz
      from organisation_members m where m.organisation_id = ${id} and m.role = 'learner'`);
  const people = await rows<{ user_id: string; role: string }>(
    db,
    sql`select user_id, role from organisation_members where organisation_id = ${id} order by user_id`,
  );
  return {
    id,
    learners: people.filter((p) => p.role === 'learner').map((p) => p.user_id),
    manager: people.find((p) => p.role === 'manager')!.user_id,
    course: course.slug,
  };
}

export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A transport that keeps what it is given. */
export function listMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    describe: () => 'a list',
  };
}
