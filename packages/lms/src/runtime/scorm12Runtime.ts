import type { LmsReport } from '../state/lmsReport';
import { type ApiWindow, findScormApi } from './findScormApi';
import { type LmsProblem, type LmsRuntime, type LmsSave, LOCAL_LEARNER } from './LmsRuntime';
import { lmsTexts, problem } from './lmsTexts';
import {
  SCORM12_DIALECT,
  type ScormConnection,
  scorm12Time,
  scormConnection,
  writeAndCommit,
} from './scormConnection';

type Status = 'passed' | 'completed' | 'failed' | 'incomplete' | 'browsed' | 'not attempted';
// An LMS's record of achievement never goes back: a reset or unreadable saved state must not turn
// 'passed' into 'incomplete'. Equal ranks may replace each other (completed, then failed the quiz).
const RANK: Record<Status, number> = {
  'not attempted': 0,
  browsed: 0,
  incomplete: 1,
  completed: 2,
  failed: 2,
  passed: 3,
};

/** cmi.core.lesson_status from the report: the final quiz decides once taken, the lessons before. */
export function scorm12Status(report: LmsReport): Status {
  if (report.success !== 'unknown') return report.success;
  return report.completion;
}

export interface Scorm12RuntimeOptions {
  /** Where the API search starts; the package's window by default. */
  window?: ApiWindow;
  now?: () => number;
}

/**
 * SCORM 1.2 (`window.API`): lesson status, score, location, suspend data and session time, a
 * commit after each change, LMSFinish with exit 'suspend' so the LMS resumes the learner next time.
 */
export function createScorm12Runtime(options: Scorm12RuntimeOptions = {}): LmsRuntime {
  const now = options.now ?? Date.now;
  const started = now();
  let lms: ScormConnection | null = null;
  let status: Status = 'not attempted';
  let finished = false;

  function values(save: LmsSave): Array<[string, string]> {
    const wanted = scorm12Status(save.report);
    if (RANK[wanted] >= RANK[status]) status = wanted;
    const list: Array<[string, string]> = [
      ['cmi.core.lesson_status', status],
      ['cmi.suspend_data', save.suspendData],
      ['cmi.core.session_time', scorm12Time(now() - started)],
    ];
    if (save.location) list.push(['cmi.core.lesson_location', save.location.slice(0, 255)]);
    const score = save.report.score;
    if (score) {
      list.push(['cmi.core.score.raw', String(score.percentage)]);
      list.push(['cmi.core.score.min', '0']);
      list.push(['cmi.core.score.max', '100']);
    }
    return list;
  }

  return {
    standard: 'scorm12',
    async start() {
      const api = findScormApi<Record<string, unknown>>('API', options.window ?? (window as never));
      const local = { learner: LOCAL_LEARNER, suspendData: null, location: null, masteryScore: null };
      if (!api) return { session: local, problem: problem('no-lms', 'error', lmsTexts.noLms) };
      const connection = scormConnection(api, SCORM12_DIALECT);
      const error = connection.initialize();
      if (error)
        return { session: local, problem: problem('not-started', 'error', lmsTexts.notStarted(error)) };
      lms = connection;
      status = (lms.get('cmi.core.lesson_status') as Status | null) ?? 'not attempted';
      if (!(status in RANK)) status = 'not attempted';
      let refused: LmsProblem | null = null;
      if (RANK[status] === 0) {
        status = 'incomplete';
        refused = writeAndCommit(lms, [['cmi.core.lesson_status', status]]);
      }
      const mastery = Number.parseFloat(lms.get('cmi.student_data.mastery_score') ?? '');
      return {
        session: {
          learner: {
            id: lms.get('cmi.core.student_id') || LOCAL_LEARNER.id,
            name: lms.get('cmi.core.student_name') || null,
          },
          suspendData: lms.get('cmi.suspend_data') || null,
          location: lms.get('cmi.core.lesson_location') || null,
          masteryScore: Number.isFinite(mastery) && mastery >= 0 && mastery <= 100 ? mastery / 100 : null,
        },
        problem: refused,
      };
    },
    async save(save) {
      if (!lms || finished) return null;
      return writeAndCommit(lms, values(save));
    },
    async finish(save) {
      if (!lms || finished) return null;
      finished = true;
      const refused = writeAndCommit(lms, [...values(save), ['cmi.core.exit', 'suspend']]);
      const error = lms.finish();
      return refused ?? (error ? problem('refused', 'warning', lmsTexts.refused('LMSFinish', error)) : null);
    },
  };
}
