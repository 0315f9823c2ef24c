import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CourseEvent } from '@coursekit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createXapiReporter, toXapiStatement, type XapiStatement } from './xapi';

// The xAPI 1.0.3 statement structure (xAPI spec, part two §2.4), as far as our statements use it.
const iri = z.string().regex(/^[a-z][a-z0-9+.-]*:\/\/[^\s]+$/i, 'an absolute IRI');
const languageMap = z
  .record(z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/), z.string().min(1))
  .refine((m) => Object.keys(m).length > 0);
const agent = z
  .object({
    objectType: z.literal('Agent').optional(),
    name: z.string().optional(),
    mbox: z
      .string()
      .regex(/^mailto:[^@\s]+@[^@\s]+$/)
      .optional(),
    mbox_sha1sum: z.string().optional(),
    openid: iri.optional(),
    account: z
      .object({ homePage: iri, name: z.string().min(1) })
      .strict()
      .optional(),
  })
  .strict()
  .refine(
    (a) => [a.mbox, a.mbox_sha1sum, a.openid, a.account].filter(Boolean).length === 1,
    'exactly one identifier',
  );
const activityRef = z.object({ objectType: z.literal('Activity').optional(), id: iri }).strict();
const statementSchema = z
  .object({
    id: z.string().uuid(),
    actor: agent,
    verb: z.object({ id: iri, display: languageMap }).strict(),
    object: z
      .object({
        objectType: z.literal('Activity'),
        id: iri,
        definition: z.object({ name: languageMap, type: iri }).strict(),
      })
      .strict(),
    result: z
      .object({
        score: z
          .object({ scaled: z.number().min(-1).max(1), raw: z.number(), min: z.number(), max: z.number() })
          .strict()
          .refine((s) => s.min < s.max && s.raw >= s.min && s.raw <= s.max, 'raw between min and max')
          .optional(),
        success: z.boolean().optional(),
        completion: z.boolean().optional(),
        response: z.string().optional(),
      })
      .strict()
      .optional(),
    context: z
      .object({
        platform: z.string(),
        language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/),
        contextActivities: z.object({ parent: z.array(activityRef).optional() }).strict(),
      })
      .strict(),
    timestamp: z.string().datetime({ offset: true }),
    version: z.string().regex(/^1\.0\.\d+$/),
  })
  .strict();

const events: CourseEvent[] = [
  {
    type: 'lessonCompleted',
    moduleId: 2,
    lessonId: 7,
    lessonKey: 'module_2_2_six_quality_dimensions',
    title: 'Six Quality Dimensions',
  },
  { type: 'moduleCompleted', moduleId: 2 },
  { type: 'moduleUnlocked', moduleId: 3 },
  {
    type: 'quizAnswered',
    quizId: 2,
    quizTitle: 'Final Quiz',
    questionId: 11,
    result: { question_id: 11, selected: 'B', isCorrect: false, correct_answer: 'C', explanation: null },
  },
  {
    type: 'quizCompleted',
    quizId: 2,
    quizTitle: 'Final Quiz',
    kind: 'course',
    score: 21,
    total: 25,
    percentage: 84,
    passed: true,
  },
  {
    type: 'quizCompleted',
    quizId: 1,
    quizTitle: 'Pre-Assessment',
    kind: 'pre_assessment',
    score: 9,
    total: 15,
    percentage: 60,
    passed: false,
  },
  { type: 'courseCompleted' },
  { type: 'certificateIssued', code: 'CK-7F3A-91B2' },
];
const options = {
  actor: {
    objectType: 'Agent' as const,
    name: 'Ana Silva',
    mbox: 'mailto:ana.silva@partner.example' as const,
  },
  activityBase: 'https://courses.example.com/xapi/',
  courseTitle: 'Data Literacy for Facility Managers',
};

describe('xAPI statements', () => {
  it.each(events.map((e) => [e.type, e] as const))(
    '%s makes a valid xAPI 1.0.3 statement',
    (_type, event) => {
      const statement = toXapiStatement(event, options);
      const parsed = statementSchema.safeParse(statement);
      expect(parsed.error?.issues ?? []).toEqual([]);
    },
  );

  it('reports a quiz score raw and scaled, and passed or failed by the server’s verdict', () => {
    const passed = toXapiStatement(events[4]!, options)!;
    expect(passed.verb.id).toBe('http://adlnet.gov/expapi/verbs/passed');
    expect(passed.result).toEqual({
      score: { scaled: 0.84, raw: 21, min: 0, max: 25 },
      success: true,
      completion: true,
    });
    expect(toXapiStatement(events[5]!, options)!.verb.id).toBe('http://adlnet.gov/expapi/verbs/failed');
  });

  it('names a lesson under its module, and accepts an account instead of an e-mail', () => {
    const statement = toXapiStatement(events[0]!, {
      ...options,
      actor: {
        objectType: 'Agent',
        account: { homePage: 'https://intranet.partner.example', name: 'emp-4411' },
      },
    })!;
    expect(statement.object.id).toBe(
      'https://courses.example.com/xapi/lessons/module_2_2_six_quality_dimensions',
    );
    expect(statement.context.contextActivities.parent).toEqual([
      { objectType: 'Activity', id: 'https://courses.example.com/xapi/modules/2' },
    ]);
    expect(statementSchema.safeParse(statement).success).toBe(true);
  });

  it('the structure check itself refuses malformed statements', () => {
    const good = toXapiStatement(events[4]!, options)!;
    const broken = [
      { ...good, actor: { objectType: 'Agent', name: 'No identifier' } },
      { ...good, verb: { ...good.verb, id: 'passed' } },
      { ...good, result: { score: { scaled: 1.5, raw: 21, min: 0, max: 25 } } },
      { ...good, result: { score: { scaled: 0.5, raw: 30, min: 0, max: 25 } } },
      { ...good, timestamp: 'yesterday' },
      { ...good, id: 'not-a-uuid' },
    ];
    for (const statement of broken) expect(statementSchema.safeParse(statement).success).toBe(false);
  });

  it('has no statement for a maintenance change', () => {
    expect(
      toXapiStatement({ type: 'maintenanceChanged', maintenance: true, message: null }, options),
    ).toBeNull();
  });
});

describe('xAPI statements for a course named by slug', () => {
  const base = 'https://courses.example.com/xapi';
  const inCourse = events.map((e) => ({ ...e, course: 'cobie-handover' }));

  it.each(inCourse.map((e) => [e.type, e] as const))(
    '%s in a course makes a valid xAPI 1.0.3 statement',
    (_type, event) => {
      const parsed = statementSchema.safeParse(toXapiStatement(event, options));
      expect(parsed.error?.issues ?? []).toEqual([]);
    },
  );

  it('names the course {activityBase}/courses/{slug}, with its modules, lessons and quizzes under it', () => {
    const course = `${base}/courses/cobie-handover`;
    const ids = inCourse.map((e) => {
      const statement = toXapiStatement(e, options)!;
      return [statement.object.id, statement.context.contextActivities.parent?.[0]?.id];
    });
    expect(ids).toEqual([
      [`${course}/lessons/module_2_2_six_quality_dimensions`, `${course}/modules/2`],
      [`${course}/modules/2`, course],
      [`${course}/modules/3`, course],
      [`${course}/quizzes/2/questions/11`, `${course}/quizzes/2`],
      [`${course}/quizzes/2`, course],
      [`${course}/quizzes/1`, course],
      [course, undefined],
      [`${course}/certificates/CK-7F3A-91B2`, course],
    ]);
  });

  it('keeps today’s ids without a course, so an LRS’s records of the default course stay one activity', () => {
    const completed = { type: 'courseCompleted' } as const;
    expect(toXapiStatement(completed, options)!.object.id).toBe(`${base}/course`);
    expect(toXapiStatement({ ...completed, course: null }, { ...options, course: 'other' })!.object.id).toBe(
      `${base}/course`,
    );
    expect(toXapiStatement(events[1]!, options)!.object.id).toBe(`${base}/modules/2`);
  });

  it('takes the course from the reporter’s options when the event does not say', () => {
    const statement = toXapiStatement(events[6]!, { ...options, course: 'meter reports' })!;
    expect(statement.object.id).toBe(`${base}/courses/meter%20reports`);
  });
});

describe('the LRS reporter', () => {
  let server: Server;
  let endpoint: string;
  const received: Array<{ headers: Record<string, unknown>; body: XapiStatement }> = [];
  let refuse = false;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/xapi/statements' && !refuse) {
          received.push({ headers: req.headers, body: JSON.parse(raw) });
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify([JSON.parse(raw).id]));
        } else {
          res.writeHead(refuse ? 503 : 404);
          res.end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/xapi/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts each statement to a local LRS, in order, with the xAPI version header', async () => {
    const report = createXapiReporter({ ...options, endpoint, authorization: 'Basic a2V5OnNlY3JldA==' });
    for (const event of events) void report(event);
    await report({ type: 'maintenanceChanged', maintenance: false, message: null });
    expect(received.map((r) => r.body.verb.display['en-US'])).toEqual([
      'completed',
      'completed',
      'unlocked',
      'answered',
      'passed',
      'failed',
      'completed',
      'earned',
    ]);
    expect(received[0]?.headers['x-experience-api-version']).toBe('1.0.3');
    expect(received[0]?.headers.authorization).toBe('Basic a2V5OnNlY3JldA==');
  });

  it('tells the host when the LRS refuses, without throwing at the player', async () => {
    refuse = true;
    const errors: string[] = [];
    const report = createXapiReporter({ ...options, endpoint, onError: (e) => errors.push(e.message) });
    await expect(report(events[6]!)).resolves.toBeUndefined();
    expect(errors).toEqual(['The LRS answered 503']);
    refuse = false;
  });
});
