import { Scorm12API } from 'scorm-again';
import { describe, expect, it } from 'vitest';
import { createPackageAdapter } from '../adapter/createPackageAdapter';
import { completeAllLessons, passingCount, takeQuiz } from '../test/journey';
import { seedBundle } from '../test/seedBundle';
import type { ApiWindow } from './findScormApi';
import { createScorm12Runtime } from './scorm12Runtime';

// The package in a frame of an LMS page whose window holds scorm-again's SCORM 1.2 API.
const bundle = seedBundle();
const lmsPage = (api: unknown): ApiWindow => {
  const top: ApiWindow = { parent: null, API: api };
  top.parent = top;
  return top;
};
const frameOf = (page: ApiWindow): ApiWindow => ({ parent: page });
const open = (win: ApiWindow) =>
  createPackageAdapter({
    bundle,
    runtime: createScorm12Runtime({ window: win }),
    baseUrl: 'https://lms.example/',
  });
/** What the LMS recorded: scorm-again's commit object. */
const recorded = (api: Scorm12API) =>
  (
    api.renderCommitCMI(true) as {
      cmi: { core: Record<string, unknown> & { score: Record<string, string> } } & Record<string, unknown>;
    }
  ).cmi;

describe('SCORM 1.2 runtime on scorm-again', () => {
  it('finds window.API in a parent, records the course, and resumes it in a new session', async () => {
    const api = new Scorm12API({ logLevel: 5 });
    const adapter = open(frameOf(lmsPage(api)));
    await adapter.lms.ready;
    expect(api.LMSGetValue('cmi.core.lesson_status')).toBe('incomplete');

    await completeAllLessons(adapter);
    expect(api.LMSGetValue('cmi.core.lesson_status')).toBe('completed');
    await takeQuiz(adapter, bundle, 'course', passingCount(bundle, 'course') - 1);
    expect(api.LMSGetValue('cmi.core.lesson_status')).toBe('failed');
    await takeQuiz(adapter, bundle, 'course', passingCount(bundle, 'course'));
    expect(api.LMSGetValue('cmi.core.lesson_status')).toBe('passed');
    await adapter.lms.setLocation('/quizzes');
    await adapter.lms.finish();
    const record = recorded(api);
    expect(record.core).toMatchObject({
      exit: 'suspend',
      lesson_status: 'passed',
      lesson_location: '/quizzes',
    });
    expect(record.core.score).toMatchObject({ raw: '80', min: '0', max: '100' });
    expect(record.core.session_time).toMatch(/^\d+:\d\d:\d\d/);
    expect(String(record.suspend_data)).toMatch(/^ck1~/);

    // The LMS keeps the record; a new session starts from it (cmi.core.entry = resume).
    const next = new Scorm12API({ logLevel: 5 });
    next.loadFromJSON({ ...record, core: { ...record.core, entry: 'resume' } } as never);
    const resumed = open(frameOf(lmsPage(next)));
    await resumed.lms.ready;
    expect(resumed.lms.resumeAt()).toBe('/quizzes');
    const summary = (await resumed.progress.get()).summary;
    expect(summary).toMatchObject({ courseComplete: true, completedLessons: bundle.lessons.length });
    const final = (await resumed.quizzes.list()).find((q) => q.quiz.kind === 'course')!;
    expect(final.summary).toMatchObject({ totalAttempts: 2, passed: true });
  });

  it('answers the LMS’s mastery score as the final quiz’s passing score', async () => {
    const api = new Scorm12API({ logLevel: 5 });
    api.loadFromJSON({ student_data: { mastery_score: '60' } } as never);
    const adapter = open(lmsPage(api));
    const final = (await adapter.quizzes.list()).find((q) => q.quiz.kind === 'course')!;
    expect(final.quiz.passing_score).toBe(60);
  });

  it('without an LMS: says progress is not recorded, and the course still works', async () => {
    const adapter = open({ parent: null });
    await adapter.lms.ready;
    expect(adapter.lms.problems()).toEqual([expect.objectContaining({ kind: 'no-lms', severity: 'error' })]);
    await completeAllLessons(adapter);
    expect((await adapter.progress.get()).summary.isComplete).toBe(true);
  });

  it('when LMSInitialize fails: names the LMS’s error and keeps the learner going', async () => {
    const api = new Scorm12API({ logLevel: 5 });
    api.LMSInitialize('');
    api.LMSFinish(''); // a finished API refuses to start again (error 101)
    const adapter = open(lmsPage(api));
    await adapter.lms.ready;
    const [problem] = adapter.lms.problems();
    expect(problem).toMatchObject({ kind: 'not-started', severity: 'error' });
    expect(problem!.message).toMatch(/error \d+/);
    await expect(adapter.progress.get()).resolves.toBeDefined();
  });

  it('when the LMS refuses a value: says which, saves the rest, and clears once a save goes through', async () => {
    const api = new Scorm12API({ logLevel: 5 });
    let refuseScore = true;
    const refusing = new Proxy(api, {
      get(target, name) {
        if (name === 'LMSSetValue') {
          return (element: string, value: string) =>
            refuseScore && element === 'cmi.core.score.raw' ? 'false' : target.LMSSetValue(element, value);
        }
        const value = Reflect.get(target, name);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const adapter = open(lmsPage(refusing));
    await completeAllLessons(adapter);
    await takeQuiz(adapter, bundle, 'course', passingCount(bundle, 'course'));
    expect(adapter.lms.problems()).toEqual([
      expect.objectContaining({ kind: 'refused', severity: 'warning' }),
    ]);
    expect(adapter.lms.problems()[0]!.message).toContain('cmi.core.score.raw');
    expect(api.LMSGetValue('cmi.core.lesson_status')).toBe('passed');
    expect(api.LMSGetValue('cmi.suspend_data')).not.toBe('');
    refuseScore = false;
    await adapter.lms.setLocation('/course');
    expect(adapter.lms.problems()).toEqual([]);
    expect(api.LMSGetValue('cmi.core.score.raw')).toBe('80');
  });

  it('never throws into the page when the LMS’s API throws', async () => {
    const throwing = new Proxy(
      {},
      {
        get: () => () => {
          throw new Error('LMS exploded');
        },
      },
    );
    const adapter = open(lmsPage(throwing));
    await adapter.lms.ready;
    expect(adapter.lms.problems()[0]).toMatchObject({ kind: 'not-started' });
    await completeAllLessons(adapter);
    await expect(adapter.lms.finish()).resolves.toBeUndefined();
  });

  it('keeps an achievement the LMS holds when saved state is unreadable', async () => {
    const api = new Scorm12API({ logLevel: 5 });
    api.loadFromJSON({
      core: { lesson_status: 'passed', entry: 'resume' },
      suspend_data: 'v0|1,2,3',
    } as never);
    const adapter = open(lmsPage(api));
    await adapter.lms.ready;
    expect(adapter.lms.problems()).toEqual([
      expect.objectContaining({ kind: 'saved-state', severity: 'warning' }),
    ]);
    await adapter.progress.setLessonCompleted(bundle.lessons[0]!.lesson_key, true);
    expect(api.LMSGetValue('cmi.core.lesson_status')).toBe('passed');
  });
});
