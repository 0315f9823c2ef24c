import {
  type AnalyticsReport,
  type QuizDifficulty,
  round1,
  type ScoreComparison,
  type ScoreGroup,
  scoreBins,
  shareCorrect,
  shortQuestionText,
} from '@coursekit/core';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { CourseRef } from '../course/structure';
import { schema } from '../db/index';
import {
  attemptCte,
  doneCte,
  jsonOf,
  learnerCte,
  moduleTotalCte,
  rowsOf,
  userModuleCte,
} from './analyticsSql';

const { modules, quizzes, quizQuestions, quizQuestionVersions, userProgress } = schema;

const orNull = (value: number | null) => (value === null ? null : round1(Number(value)));

type FunnelRow = { module_id: number; title: string; lessons: number; started: number; completed: number };

/** Learner counts and the completion funnel (one statement: done and user_module computed once). */
async function learnersAndFunnel(ctx: AppContext, courseId: number) {
  const [row] = await rowsOf<{ total: number; started: number; completed: number; funnel: unknown }>(
    ctx,
    sql`with ${learnerCte}, ${doneCte(courseId)}, ${moduleTotalCte(courseId)}, ${userModuleCte},
    course_total as (select coalesce(sum(total), 0)::int as total from module_total)
    select
      (select count(*)::int from learner) as total,
      (select count(*)::int from learner
        where exists (select 1 from ${userProgress} p where p.user_id = learner.id
          and p.course_id = ${courseId})) as started,
      (select count(*)::int from (select user_id, sum(n) as s from user_module group by user_id) per_user, course_total
        where course_total.total > 0 and per_user.s >= course_total.total) as completed,
      (select coalesce(json_agg(f order by f.order_index, f.module_id), '[]'::json) from (
        select m.id as module_id, m.name as title, m.order_index, coalesce(mt.total, 0)::int as lessons,
          count(um.user_id)::int as started,
          count(um.user_id) filter (where um.complete)::int as completed
        from ${modules} m
        left join module_total mt on mt.module_id = m.id
        left join user_module um on um.module_id = m.id
        where m.course_id = ${courseId}
        group by m.id, m.name, m.order_index, mt.total
      ) f) as funnel`,
  );
  return {
    learners: { total: row!.total, started: row!.started, completedCourse: row!.completed },
    funnel: jsonOf<FunnelRow[]>(row!.funnel).map((f) => ({
      moduleId: f.module_id,
      title: f.title,
      lessons: f.lessons,
      started: f.started,
      completed: f.completed,
    })),
  };
}

/**
 * scored(g, user_id, pct, passed): each learner's pre-assessment score (the FIRST completed attempt:
 * what they knew before the course) and final score (the best attempt of each course quiz, averaged
 * over the course quizzes they took; passed when each of those has a passing attempt).
 */
const scoredCtes = (courseId: number) => sql`with ${learnerCte}, ${attemptCte(courseId)},
  pre as (
    select distinct on (user_id) user_id, percentage as pct, passed
    from attempt where kind = 'pre_assessment'
    order by user_id, completed_at, id
  ),
  final_quiz as (
    select user_id, quiz_id, max(percentage) as best, bool_or(passed) as passed
    from attempt where kind = 'course' group by user_id, quiz_id
  ),
  final as (
    select user_id, avg(best)::float8 as pct, bool_and(passed) as passed from final_quiz group by user_id
  ),
  scored as (
    select 'pre' as g, user_id, pct, passed from pre
    union all
    select 'final', user_id, pct, passed from final
  )`;

type GroupRow = {
  g: string;
  learners: number;
  average: number | null;
  median: number | null;
  passed: number;
};
type PairRow = {
  learners: number;
  average_pre: number | null;
  average_final: number | null;
  average_improvement: number | null;
  median_improvement: number | null;
  improved: number;
};

/** Pre-assessment against the final quiz: per group, bins and pairs (one statement). */
async function scoreComparison(ctx: AppContext, courseId: number): Promise<ScoreComparison> {
  const [row] = await rowsOf<{ groups: unknown; bins: unknown; pair: unknown }>(
    ctx,
    sql`${scoredCtes(courseId)}
    select
      (select coalesce(json_agg(x), '[]'::json) from (
        select g, count(*)::int as learners, avg(pct)::float8 as average,
          percentile_cont(0.5) within group (order by pct)::float8 as median,
          count(*) filter (where passed)::int as passed
        from scored group by g
      ) x) as groups,
      (select coalesce(json_agg(x), '[]'::json) from (
        select g, least(greatest(floor(pct / 10), 0), 9)::int as bin, count(*)::int as n
        from scored group by 1, 2
      ) x) as bins,
      (select row_to_json(x) from (
        select count(*)::int as learners,
          avg(p.pct)::float8 as average_pre, avg(f.pct)::float8 as average_final,
          avg(f.pct - p.pct)::float8 as average_improvement,
          percentile_cont(0.5) within group (order by f.pct - p.pct)::float8 as median_improvement,
          count(*) filter (where f.pct > p.pct)::int as improved
        from pre p join final f on f.user_id = p.user_id
      ) x) as pair`,
  );
  const groups = jsonOf<GroupRow[]>(row!.groups);
  const bins = jsonOf<Array<{ g: string; bin: number; n: number }>>(row!.bins);
  const pair = jsonOf<PairRow | null>(row!.pair);
  const group = (g: string): ScoreGroup => {
    const row = groups.find((r) => r.g === g);
    const counts = new Map(bins.filter((b) => b.g === g).map((b) => [b.bin, b.n]));
    return {
      learners: row?.learners ?? 0,
      average: orNull(row?.average ?? null),
      median: orNull(row?.median ?? null),
      passed: row?.passed ?? 0,
      distribution: scoreBins(counts),
    };
  };
  return {
    preAssessment: group('pre'),
    final: group('final'),
    paired: {
      learners: pair?.learners ?? 0,
      averagePre: orNull(pair?.average_pre ?? null),
      averageFinal: orNull(pair?.average_final ?? null),
      averageImprovement: orNull(pair?.average_improvement ?? null),
      medianImprovement: orNull(pair?.median_improvement ?? null),
      improved: pair?.improved ?? 0,
    },
  };
}

type QuestionRow = {
  quiz_id: number;
  kind: 'pre_assessment' | 'course';
  title: string;
  attempts: number;
  question_id: number;
  question_number: number;
  question_text: string;
  answered: number;
  correct: number;
};

/**
 * Share correct per question of every quiz (one statement). A course quiz stores each locked
 * answer as its letter, the pre-assessment as { selected, correct, isCorrect }: both are read.
 * Each attempt's answers are expanded once (jsonb_each) rather than looked up per question.
 */
async function difficulty(ctx: AppContext, courseId: number): Promise<QuizDifficulty[]> {
  const rows = await rowsOf<QuestionRow>(
    ctx,
    sql`with ${learnerCte}, ${attemptCte(courseId)},
    -- materialized: expand each attempt's answers once, then hash-join the questions
    -- Each answer is graded against the key of the question's version the attempt was given
    -- (question banks: an edit after the attempt does not regrade it).
    picked as materialized (
      select a.quiz_id, e.key,
        case jsonb_typeof(e.value)
          when 'string' then e.value #>> '{}'
          when 'object' then e.value ->> 'selected'
        end as selected,
        coalesce((drawn.versions ->> e.key)::int, 1) as version
      from attempt a
      -- the draw as one { question id: version } object per attempt, looked up by key per answer
      cross join lateral (select jsonb_object_agg(d ->> 'question_id', d -> 'version') as versions
        from jsonb_array_elements(a.questions) d) drawn
      cross join lateral jsonb_each(a.answers) e
    ),
    per_question as (
      select qq.id as question_id, count(p.selected)::int as answered,
        count(*) filter (where p.selected = coalesce(v.content ->> 'correct_answer', qq.correct_answer))::int as correct
      from picked p join ${quizQuestions} qq on qq.id::text = p.key and qq.quiz_id = p.quiz_id
      left join ${quizQuestionVersions} v on v.question_id = qq.id and v.version = p.version
      group by qq.id
    ),
    per_quiz as (select quiz_id, count(*)::int as attempts from attempt group by quiz_id)
    select q.id as quiz_id, q.kind, q.title, coalesce(pq.attempts, 0)::int as attempts,
      qq.id as question_id, qq.question_number, qq.question_text,
      coalesce(a.answered, 0)::int as answered, coalesce(a.correct, 0)::int as correct
    from ${quizzes} q
    join ${quizQuestions} qq on qq.quiz_id = q.id
    left join per_question a on a.question_id = qq.id
    left join per_quiz pq on pq.quiz_id = q.id
    where q.course_id = ${courseId}
    order by q.created_at, q.id, qq.question_number`,
  );
  const byQuiz = new Map<number, QuizDifficulty>();
  for (const r of rows) {
    let quiz = byQuiz.get(r.quiz_id);
    if (!quiz) {
      quiz = { quizId: r.quiz_id, kind: r.kind, title: r.title, attempts: r.attempts, questions: [] };
      byQuiz.set(r.quiz_id, quiz);
    }
    quiz.questions.push({
      questionId: r.question_id,
      questionNumber: r.question_number,
      text: shortQuestionText(r.question_text),
      answered: r.answered,
      correct: r.correct,
      shareCorrect: shareCorrect(r.correct, r.answered),
    });
  }
  return [...byQuiz.values()];
}

/** The Analytics tab's report (DESIGN decision 10) of one course: three aggregate statements, side by side. */
export async function analyticsReport(ctx: AppContext, { id }: CourseRef): Promise<AnalyticsReport> {
  const [{ learners, funnel }, scores, quizzesDifficulty] = await Promise.all([
    learnersAndFunnel(ctx, id),
    scoreComparison(ctx, id),
    difficulty(ctx, id),
  ]);
  return {
    generatedAt: new Date(ctx.clock.now()).toISOString(),
    learners,
    funnel,
    scores,
    difficulty: quizzesDifficulty,
  };
}
