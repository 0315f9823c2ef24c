import { Scorm2004API } from 'scorm-again';
import { describe, expect, it } from 'vitest';
import { createPackageAdapter } from '../adapter/createPackageAdapter';
import { completeAllLessons, passingCount, takeQuiz } from '../test/journey';
import { seedBundle } from '../test/seedBundle';
import type { ApiWindow } from './findScormApi';
import { createScorm2004Runtime, scormTimestamp } from './scorm2004Runtime';

const bundle = seedBundle();
const final = bundle.quizzes.find((q) => q.quiz.kind === 'course')!;
const pre = bundle.quizzes.find((q) => q.quiz.kind === 'pre_assessment')!;
// The LMS opened the package in a window of its own: the API is on the opener's top window.
const openedBy = (api: unknown): ApiWindow => {
  const lms: ApiWindow = { parent: null, API_1484_11: api };
  lms.parent = lms;
  return { parent: null, opener: { parent: lms } };
};
const open = (api: unknown) =>
  createPackageAdapter({
    bundle,
    runtime: createScorm2004Runtime({ window: openedBy(api) }),
    baseUrl: 'https://lms.example/',
  });
type Recorded = {
  cmi: Record<string, unknown> & {
    score: Record<string, string>;
    interactions: Record<string, Record<string, unknown>>;
    objectives: Record<string, Record<string, unknown>>;
  };
};
const recorded = (api: Scorm2004API) => (api.renderCommitCMI(true) as Recorded).cmi;

describe('SCORM 2004 runtime on scorm-again', () => {
  it('records status, score, progress, one interaction per answer and the objectives, and resumes', async () => {
    const api = new Scorm2004API({ logLevel: 5 });
    const adapter = open(api);
    await takeQuiz(adapter, bundle, 'pre_assessment', 2);
    await completeAllLessons(adapter);
    await takeQuiz(adapter, bundle, 'course', passingCount(bundle, 'course') - 1);
    expect(api.GetValue('cmi.success_status')).toBe('failed');
    await takeQuiz(adapter, bundle, 'course', final.questions.length);
    await adapter.lms.setLocation('/progress');
    await adapter.lms.finish();

    const cmi = recorded(api);
    expect(cmi).toMatchObject({
      completion_status: 'completed',
      success_status: 'passed',
      progress_measure: '1',
      location: '/progress',
      exit: 'suspend',
    });
    expect(cmi.score).toMatchObject({ scaled: '1', raw: String(final.questions.length), min: '0' });
    expect(String(cmi.session_time)).toMatch(/^PT/);
    const interactions = Object.values(cmi.interactions).filter(
      (i) => typeof i === 'object' && i && 'id' in i,
    );
    expect(interactions).toHaveLength(pre.questions.length + 2 * final.questions.length);
    const first = interactions[pre.questions.length]!;
    expect(first).toMatchObject({ type: 'choice', result: 'correct' });
    expect(JSON.stringify(first)).toContain(final.questions[0]!.correct_answer.toLowerCase());
    const objectives = Object.values(cmi.objectives).filter((o) => typeof o === 'object' && o && 'id' in o);
    expect(objectives.map((o) => o.id)).toEqual(bundle.outline.objectives.map((o) => o.id));
    expect(objectives.every((o) => o.success_status === 'passed')).toBe(true);

    const next = new Scorm2004API({ logLevel: 5 });
    next.loadFromJSON({ ...cmi, entry: 'resume' } as never);
    const resumed = open(next);
    await resumed.lms.ready;
    expect(resumed.lms.resumeAt()).toBe('/progress');
    expect((await resumed.progress.get()).summary).toMatchObject({
      courseComplete: true,
      preAssessmentPassed: false,
    });
  });

  it('grades the final quiz against the LMS’s cmi.scaled_passing_score', async () => {
    const api = new Scorm2004API({ logLevel: 5 });
    api.loadFromJSON({ scaled_passing_score: '0.6' } as never);
    const adapter = open(api);
    const card = (await adapter.quizzes.list()).find((q) => q.quiz.kind === 'course')!;
    expect(card.quiz.passing_score).toBe(60);
  });

  it('writes interaction times as SCORM 2004 accepts them (fraction of a second before the zone)', () => {
    expect(scormTimestamp('2026-11-25T20:00:00.123Z')).toBe('2026-11-25T20:00:00.12Z');
    const api = new Scorm2004API({ logLevel: 5 });
    api.Initialize('');
    api.SetValue('cmi.interactions.0.id', 'urn:x');
    expect(api.SetValue('cmi.interactions.0.timestamp', scormTimestamp('2026-11-25T20:00:00.000Z'))).toBe(
      'true',
    );
  });
});
