// Seeds a cohort for the analytics bench, all in SQL (generate_series), on a database that holds the
// course already: learners with lessons completed in course order, pre-assessments and final-quiz
// attempts whose answers are stored per question the way each quiz kind stores them.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/index';

/** Per-question answers: right with probability `p`, as each quiz kind stores them. */
const answersOf = (p: number, kind: 'pre_assessment' | 'course') =>
  sql.raw(`(
  select jsonb_object_agg(qq.id::text, ${
    kind === 'course'
      ? `case when random() < ${p} then qq.correct_answer else case qq.correct_answer when 'A' then 'B' else 'A' end end`
      : `jsonb_build_object('selected', case when random() < ${p} then qq.correct_answer else case qq.correct_answer when 'A' then 'B' else 'A' end end)`
  })
  from quiz_questions qq where qq.quiz_id = q.id and u.id is not null)`);

/** The draw of an attempt that shows every question of its quiz in order, options A-D. */
const EVERY_QUESTION = sql.raw(`(
  select coalesce(jsonb_agg(jsonb_build_object('question_id', qq.id, 'version', qq.version,
    'options', '["A","B","C","D"]'::jsonb) order by qq.question_number), '[]'::jsonb)
  from quiz_questions qq where qq.quiz_id = q.id)`);

/** Inserts `learners` learners and their progress and attempts; answers the row counts. */
export async function seedCohort(db: Db, learners: number): Promise<{ progress: number; attempts: number }> {
  await db.execute(sql`
    insert into users (id, email, password_hash, name, created_at, updated_at)
    select gen_random_uuid(), 'bench' || g || '@example.com', 'x', 'Learner ' || g,
      now() - make_interval(mins => g), now()
    from generate_series(1, ${learners}) g`);
  await db.execute(
    sql`insert into user_roles (user_id, role) select id, 'user' from users where email like 'bench%'`,
  );
  await db.execute(sql`insert into profiles (id, user_id, display_name)
    select gen_random_uuid(), id, name from users where email like 'bench%'`);
  // Learner n completes the first k of the default course's lessons, k spread over 0..all.
  await db.execute(sql`
    with course as (select id from courses where is_default),
    ordered as (
      select l.id, l.lesson_key, l.module_id, l.course_id,
        row_number() over (order by m.order_index, l."order") as rn
      from lessons l join modules m on m.course_id = l.course_id and m.id = l.module_id
      where l.is_active and l.course_id = (select id from course)
    ),
    learner as (
      select id, abs(hashtext(id::text)) % ((select count(*) from ordered) + 1) as k
      from users where email like 'bench%'
    )
    insert into user_progress (user_id, course_id, lesson_id, lesson_key, module_id, completed)
    select learner.id, o.course_id, o.id, o.lesson_key, o.module_id, true
    from learner join ordered o on o.rn <= learner.k`);
  const attempts = (kind: 'pre_assessment' | 'course', p: number, who: string) =>
    db.execute(sql`
      insert into quiz_attempts (user_id, quiz_id, course_id, total_questions, answers, questions, started_at, completed_at)
      select u.id, q.id, q.course_id, q.total_questions, ${answersOf(p, kind)}, ${EVERY_QUESTION}, now(), now()
      from users u cross join quizzes q
      where q.kind = ${kind} and q.course_id = (select id from courses where is_default)
        and u.email like 'bench%' and ${sql.raw(who)}`);
  await attempts('pre_assessment', 0.5, 'random() < 0.8');
  const finished = `(select count(*) from user_progress p where p.user_id = u.id) >= 20`;
  await attempts('course', 0.7, finished);
  await attempts('course', 0.85, `${finished} and random() < 0.5`);
  await db.execute(sql`
    update quiz_attempts a set score = (
      select count(*) filter (where coalesce(a.answers -> qq.id::text ->> 'selected', a.answers ->> qq.id::text)
        = qq.correct_answer)::int
      from quiz_questions qq where qq.quiz_id = a.quiz_id
    )`);
  await db.execute(sql`
    update quiz_attempts a set percentage = a.score * 100.0 / a.total_questions,
      passed = a.score * 100.0 / a.total_questions >= q.passing_score
    from quizzes q where q.id = a.quiz_id`);
  await db.execute(sql`analyze`);
  const [counts] = (await db.execute(sql`select
      (select count(*)::int from user_progress) as progress,
      (select count(*)::int from quiz_attempts) as attempts`)) as unknown as Array<{
    progress: number;
    attempts: number;
  }>;
  return counts!;
}
