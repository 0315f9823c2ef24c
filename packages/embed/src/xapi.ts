import type { CourseEvent } from '@coursekit/core';

// xAPI 1.0.3 statements for the host events, so a partner's learning record store (LRS) hears
// what its employees did in the course without a second integration.

/** The learner as the LRS knows them: by e-mail (mbox) or by an account on the partner's system. */
export type XapiActor =
  | { objectType: 'Agent'; name?: string; mbox: `mailto:${string}` }
  | { objectType: 'Agent'; name?: string; account: { homePage: string; name: string } };

export interface XapiStatement {
  id: string;
  actor: XapiActor;
  verb: { id: string; display: Record<string, string> };
  object: {
    objectType: 'Activity';
    id: string;
    definition: { name: Record<string, string>; type: string };
  };
  result?: {
    score?: { scaled: number; raw: number; min: number; max: number };
    success?: boolean;
    completion?: boolean;
    response?: string;
  };
  context: {
    platform: string;
    language: string;
    contextActivities: { parent?: Array<{ objectType: 'Activity'; id: string }> };
  };
  timestamp: string;
  version: '1.0.3';
}

const VERBS = {
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  answered: 'http://adlnet.gov/expapi/verbs/answered',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
  earned: 'http://id.tincanapi.com/verb/earned',
  unlocked: 'http://id.tincanapi.com/verb/unlocked',
} as const;
const ACTIVITY_TYPES = {
  course: 'http://adlnet.gov/expapi/activities/course',
  module: 'http://adlnet.gov/expapi/activities/module',
  lesson: 'http://adlnet.gov/expapi/activities/lesson',
  assessment: 'http://adlnet.gov/expapi/activities/assessment',
  question: 'http://adlnet.gov/expapi/activities/cmi.interaction',
  certificate: 'https://w3id.org/xapi/cmi5/activitytype/block',
} as const;

export interface XapiOptions {
  actor: XapiActor;
  /** An IRI under which the course's activities are named, e.g. `https://courses.example.com/xapi`. */
  activityBase: string;
  /**
   * The course, by slug, for events that do not say (an event's own `course` wins; the embed sets it
   * on every event). With a course, the course's activity is `{activityBase}/courses/{slug}` and its
   * modules, lessons, quizzes and certificates are named under it; without one (the default course)
   * the ids are those of a single-course platform: `{activityBase}/course`, `{activityBase}/modules/1`…
   */
  course?: string | null;
  courseTitle?: string;
  language?: string;
  /** For tests: ids and clock. */
  uuid?: () => string;
  now?: () => Date;
}

/**
 * The statement an event means, or null for events an LRS has no use for (maintenance changes).
 * Scores are reported raw (correct answers) and scaled (0–1).
 */
export function toXapiStatement(event: CourseEvent, options: XapiOptions): XapiStatement | null {
  const root = options.activityBase.replace(/\/+$/, '');
  const lang = options.language ?? 'en-US';
  const course = event.course !== undefined ? event.course : options.course;
  // Without a course the ids stay those every statement had before there were several courses, so
  // an LRS's records of the default course stay one activity.
  const base = course ? `${root}/courses/${encodeURIComponent(course)}` : root;
  const courseId = course ? base : `${root}/course`;
  const text = (value: string) => ({ [lang]: value });
  const activity = (id: string, name: string, type: string) => ({
    objectType: 'Activity' as const,
    id,
    definition: { name: text(name), type },
  });
  const verb = (key: keyof typeof VERBS) => ({ id: VERBS[key], display: text(key) });

  let parts: Pick<XapiStatement, 'verb' | 'object'> & { result?: XapiStatement['result']; parent?: string };
  switch (event.type) {
    case 'lessonCompleted':
      parts = {
        verb: verb('completed'),
        object: activity(
          `${base}/lessons/${encodeURIComponent(event.lessonKey)}`,
          event.title,
          ACTIVITY_TYPES.lesson,
        ),
        result: { completion: true },
        parent: `${base}/modules/${event.moduleId}`,
      };
      break;
    case 'moduleCompleted':
    case 'moduleUnlocked':
      parts = {
        verb: verb(event.type === 'moduleCompleted' ? 'completed' : 'unlocked'),
        object: activity(
          `${base}/modules/${event.moduleId}`,
          `Module ${event.moduleId}`,
          ACTIVITY_TYPES.module,
        ),
        ...(event.type === 'moduleCompleted' ? { result: { completion: true } } : {}),
        parent: courseId,
      };
      break;
    case 'quizAnswered':
      parts = {
        verb: verb('answered'),
        object: activity(
          `${base}/quizzes/${event.quizId}/questions/${event.questionId}`,
          `${event.quizTitle}, question ${event.questionId}`,
          ACTIVITY_TYPES.question,
        ),
        result: { success: event.result.isCorrect, response: event.result.selected },
        parent: `${base}/quizzes/${event.quizId}`,
      };
      break;
    case 'quizCompleted':
      parts = {
        verb: verb(event.passed ? 'passed' : 'failed'),
        object: activity(`${base}/quizzes/${event.quizId}`, event.quizTitle, ACTIVITY_TYPES.assessment),
        result: {
          score: {
            scaled: event.total > 0 ? event.score / event.total : 0,
            raw: event.score,
            min: 0,
            max: event.total,
          },
          success: event.passed,
          completion: true,
        },
        parent: courseId,
      };
      break;
    case 'courseCompleted':
      parts = {
        verb: verb('completed'),
        object: activity(courseId, options.courseTitle ?? 'Course', ACTIVITY_TYPES.course),
        result: { completion: true, success: true },
      };
      break;
    case 'certificateIssued':
      parts = {
        verb: verb('earned'),
        object: activity(
          `${base}/certificates/${encodeURIComponent(event.code)}`,
          'Course certificate',
          ACTIVITY_TYPES.certificate,
        ),
        parent: courseId,
      };
      break;
    case 'maintenanceChanged':
      return null;
  }

  const { parent, result, ...rest } = parts;
  return {
    id: (options.uuid ?? (() => globalThis.crypto.randomUUID()))(),
    actor: options.actor,
    ...rest,
    ...(result ? { result } : {}),
    context: {
      platform: 'CourseKit',
      language: lang,
      contextActivities: parent ? { parent: [{ objectType: 'Activity', id: parent }] } : {},
    },
    timestamp: (options.now?.() ?? new Date()).toISOString(),
    version: '1.0.3',
  };
}

export interface XapiReporterOptions extends XapiOptions {
  /** The LRS endpoint, e.g. `https://lrs.example.com/xapi`; statements go to `{endpoint}/statements`. */
  endpoint: string;
  /** The value of the Authorization header the LRS expects (usually `Basic …`). */
  authorization?: string;
  fetch?: typeof globalThis.fetch;
  /** Told when the LRS refuses or cannot be reached; the learner's work is never held up by it. */
  onError?: (error: Error, statement: XapiStatement) => void;
}

/** A host-event listener that posts each event's statement to the partner's LRS, in order. */
export function createXapiReporter(options: XapiReporterOptions): (event: CourseEvent) => Promise<void> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const url = `${options.endpoint.replace(/\/+$/, '')}/statements`;
  let chain = Promise.resolve();
  return (event) => {
    const statement = toXapiStatement(event, options);
    if (!statement) return chain;
    chain = chain.then(async () => {
      try {
        const response = await doFetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-experience-api-version': '1.0.3',
            ...(options.authorization ? { authorization: options.authorization } : {}),
          },
          body: JSON.stringify(statement),
        });
        if (!response.ok) throw new Error(`The LRS answered ${response.status}`);
      } catch (error) {
        options.onError?.(error instanceof Error ? error : new Error(String(error)), statement);
      }
    });
    return chain;
  };
}
