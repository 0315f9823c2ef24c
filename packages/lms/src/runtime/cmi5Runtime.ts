import Cmi5 from '@xapi/cmi5/dist/Cmi5.esm.js';
import type { LmsReport } from '../state/lmsReport';
import { type LmsProblem, type LmsRuntime, type LmsSave, LOCAL_LEARNER } from './LmsRuntime';
import { lmsTexts, problem } from './lmsTexts';

/** Which part of the course this AU is (cmi5.xml: one AU per module, the final quiz, the pre-assessment). */
export type Cmi5Scope =
  | { kind: 'module'; moduleId: number }
  | { kind: 'final-quiz' }
  | { kind: 'pre-assessment' };

/** The package's own state document in the LRS, per AU and registration. */
export const CMI5_STATE_ID = 'https://coursekit.dev/xapi/state/package';

interface StateDocument {
  suspendData: string | null;
  location: string | null;
  /** cmi5 allows one Completed and one Passed per registration: what this AU has sent. */
  sent: { completed: boolean; passed: boolean };
}

type Score = NonNullable<LmsReport['score']>;
const resultScore = (s: Score) => ({ scaled: s.scaled, raw: s.correct, min: 0, max: s.total });

function httpDetail(error: unknown): { status: number | null; text: string } {
  const status = (error as { response?: { status?: number } })?.response?.status ?? null;
  return { status, text: status ? `HTTP ${status}` : error instanceof Error ? error.message : 'no answer' };
}

export interface Cmi5RuntimeOptions {
  scope: Cmi5Scope;
}

/**
 * cmi5 through @xapi/cmi5: the auth token from the fetch URL, LMS.LaunchData (moveOn, masteryScore,
 * returnURL), then initialized → completed / passed / failed → terminated with the LMS's context
 * template and session id. The learner's state lives in a state document; statements the LRS did
 * not take are sent again with the next step, within the cmi5 ordering rules.
 */
export function createCmi5Runtime(options: Cmi5RuntimeOptions): LmsRuntime {
  const { scope } = options;
  let cmi5: Cmi5 | null = null;
  let sent = { completed: false, passed: false };
  /** One of Passed/Failed per session. */
  let judgedThisSession = false;
  /** A failing attempt's score, sent as Failed at the end of the session unless a pass comes first. */
  let failedPending: Score | null = null;
  let finished = false;

  const completedNow = (report: LmsReport) =>
    scope.kind === 'module'
      ? report.modules.find((m) => m.id === scope.moduleId)?.completed === true
      : scope.kind === 'final-quiz'
        ? report.judgedAttempts > 0
        : report.preAssessmentTaken;

  async function attempt(send: () => Promise<unknown>): Promise<LmsProblem | null> {
    try {
      await send();
      return null;
    } catch (error) {
      const { status, text } = httpDetail(error);
      if (status === 401 || status === 403)
        return problem('unreachable', 'error', lmsTexts.notAuthorized(text));
      return problem('unreachable', 'warning', lmsTexts.unreachable(text));
    }
  }

  async function writeState(save: LmsSave): Promise<LmsProblem | null> {
    const params = cmi5!.getLaunchParameters();
    const document: StateDocument = { suspendData: save.suspendData, location: save.location, sent };
    return attempt(() =>
      cmi5!.xapi!.setState({
        agent: params.actor,
        activityId: params.activityId,
        registration: params.registration,
        stateId: CMI5_STATE_ID,
        state: document as never,
      }),
    );
  }

  async function statements(report: LmsReport): Promise<LmsProblem | null> {
    if (completedNow(report) && !sent.completed) {
      const failed = await attempt(() => cmi5!.complete());
      if (failed) return failed;
      sent.completed = true;
    }
    if (scope.kind !== 'final-quiz') return null;
    if (report.success === 'passed' && report.score && !sent.passed && !judgedThisSession) {
      const failed = await attempt(() => cmi5!.pass(resultScore(report.score!)));
      if (failed) return failed;
      sent.passed = true;
      judgedThisSession = true;
      failedPending = null;
    } else if (report.latest && !report.latest.passed && !sent.passed) {
      failedPending = report.latest;
    }
    return null;
  }

  return {
    standard: 'cmi5',
    async start() {
      const local = { learner: LOCAL_LEARNER, suspendData: null, location: null, masteryScore: null };
      if (!Cmi5.isCmiAvailable)
        return { session: local, problem: problem('no-lms', 'error', lmsTexts.noLms) };
      try {
        cmi5 = new Cmi5();
        await cmi5.initialize();
      } catch (error) {
        cmi5 = null;
        const { status, text } = httpDetail(error);
        const message =
          status === 401 || status === 403 ? lmsTexts.notAuthorized(text) : lmsTexts.notStarted(text);
        return { session: local, problem: problem('not-started', 'error', message) };
      }
      const params = cmi5.getLaunchParameters();
      const launchData = cmi5.getLaunchData();
      let saved: StateDocument | null = null;
      try {
        const response = await cmi5.xapi!.getState({
          agent: params.actor,
          activityId: params.activityId,
          registration: params.registration,
          stateId: CMI5_STATE_ID,
        });
        saved = (response.data as unknown as StateDocument) ?? null;
      } catch (error) {
        // 404: nothing saved yet for this registration; anything else is a read that failed.
        if (httpDetail(error).status !== 404) {
          return {
            session: { ...local, learner: learnerOf(params.actor) },
            problem: problem('unreachable', 'warning', lmsTexts.unreachable(httpDetail(error).text)),
          };
        }
      }
      if (saved?.sent)
        sent = { completed: saved.sent.completed === true, passed: saved.sent.passed === true };
      const mastery = launchData.masteryScore;
      return {
        session: {
          learner: learnerOf(params.actor),
          suspendData: typeof saved?.suspendData === 'string' ? saved.suspendData : null,
          location: typeof saved?.location === 'string' ? saved.location : null,
          masteryScore: typeof mastery === 'number' && mastery >= 0 && mastery <= 1 ? mastery : null,
          returnUrl: launchData.returnURL ?? null,
        },
        problem: null,
      };
    },
    async save(save) {
      if (!cmi5 || finished) return null;
      const refused = await statements(save.report);
      const stored = await writeState(save);
      return refused ?? stored;
    },
    async finish(save) {
      if (!cmi5 || finished) return null;
      const refused = await statements(save.report);
      let failed: LmsProblem | null = null;
      if (failedPending && !judgedThisSession && !sent.passed) {
        const score = failedPending;
        failed = await attempt(() => cmi5!.fail(resultScore(score)));
        if (!failed) judgedThisSession = true;
      }
      const stored = await writeState(save);
      // Terminated is the last statement of the session, whatever happened before it.
      const ended = await attempt(() => cmi5!.terminate());
      if (!ended) finished = true;
      return refused ?? failed ?? stored ?? ended;
    },
  };
}

function learnerOf(actor: { name?: string; account?: { name?: string }; mbox?: string }) {
  return { id: actor.account?.name ?? actor.mbox ?? LOCAL_LEARNER.id, name: actor.name ?? null };
}
