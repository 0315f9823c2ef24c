import { type ApiWindow, findScormApi } from './findScormApi';
import {
  type LmsProblem,
  type LmsRuntime,
  type LmsSave,
  LOCAL_LEARNER,
  type RecordedAnswer,
} from './LmsRuntime';
import { lmsTexts, problem } from './lmsTexts';
import {
  isoDuration,
  SCORM2004_DIALECT,
  type ScormConnection,
  scormConnection,
  writeAndCommit,
} from './scormConnection';

export interface Scorm2004RuntimeOptions {
  /** Where the API search starts; the package's window by default. */
  window?: ApiWindow;
  now?: () => number;
}

const short = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const decimal = (n: number) => String(Math.round(n * 10000) / 10000);
/**
 * SCORM 2004's time(second,10,0): a time zone only after fractional seconds, at most two digits of
 * them ('…T20:00:00.12Z'; '…T20:00:00Z' is a type mismatch, 406).
 */
export const scormTimestamp = (iso: string) =>
  iso.replace(/(\.\d{1,2})\d*Z$/, '$1Z').replace(/:(\d\d)Z$/, ':$1.0Z');

/**
 * SCORM 2004 4th edition (`window.API_1484_11`): completion and success status, the score, progress
 * measure, location, suspend data, session time, one interaction per committed answer and the
 * course's learning objectives, a Commit after each change and Terminate with exit 'suspend'.
 */
export function createScorm2004Runtime(options: Scorm2004RuntimeOptions = {}): LmsRuntime {
  const now = options.now ?? Date.now;
  const started = now();
  let lms: ScormConnection | null = null;
  let completed = false;
  let passed = false;
  /** The index of each objective id in cmi.objectives, found or appended. */
  const objectiveIndex = new Map<string, number>();
  let finished = false;

  function objectiveSlot(id: string, extra: Array<[string, string]>): number {
    const known = objectiveIndex.get(id);
    if (known !== undefined) return known;
    const index = objectiveIndex.size;
    objectiveIndex.set(id, index);
    extra.push([`cmi.objectives.${index}.id`, id]);
    return index;
  }

  function values(save: LmsSave): Array<[string, string]> {
    const { report } = save;
    // Achievements recorded in the LMS stay: completed and passed never go back.
    completed ||= report.completion === 'completed';
    passed ||= report.success === 'passed';
    const list: Array<[string, string]> = [
      ['cmi.completion_status', completed ? 'completed' : 'incomplete'],
      ['cmi.success_status', passed ? 'passed' : report.success],
      ['cmi.progress_measure', decimal(completed ? 1 : report.progress)],
      ['cmi.suspend_data', save.suspendData],
      ['cmi.session_time', isoDuration(now() - started)],
    ];
    if (save.location) list.push(['cmi.location', save.location.slice(0, 1000)]);
    if (report.score) {
      list.push(['cmi.score.scaled', decimal(report.score.scaled)]);
      list.push(['cmi.score.raw', String(report.score.correct)]);
      list.push(['cmi.score.min', '0']);
      list.push(['cmi.score.max', String(report.score.total)]);
    }
    for (const objective of report.objectives) {
      const n = objectiveSlot(objective.id, list);
      list.push([`cmi.objectives.${n}.description`, short(objective.description, 250)]);
      if (objective.success !== 'unknown') {
        list.push([`cmi.objectives.${n}.success_status`, objective.success]);
        list.push([`cmi.objectives.${n}.completion_status`, 'completed']);
      }
      if (objective.scaled !== null)
        list.push([`cmi.objectives.${n}.score.scaled`, decimal(objective.scaled)]);
    }
    return list;
  }

  return {
    standard: 'scorm2004',
    async start() {
      const api = findScormApi<Record<string, unknown>>('API_1484_11', options.window ?? (window as never));
      const local = { learner: LOCAL_LEARNER, suspendData: null, location: null, masteryScore: null };
      if (!api) return { session: local, problem: problem('no-lms', 'error', lmsTexts.noLms) };
      const connection = scormConnection(api, SCORM2004_DIALECT);
      const error = connection.initialize();
      if (error)
        return { session: local, problem: problem('not-started', 'error', lmsTexts.notStarted(error)) };
      lms = connection;
      completed = lms.get('cmi.completion_status') === 'completed';
      passed = lms.get('cmi.success_status') === 'passed';
      const count = Number.parseInt(lms.get('cmi.objectives._count') ?? '0', 10) || 0;
      for (let n = 0; n < count; n++) {
        const id = lms.get(`cmi.objectives.${n}.id`);
        if (id) objectiveIndex.set(id, n);
      }
      const mastery = Number.parseFloat(lms.get('cmi.scaled_passing_score') ?? '');
      return {
        session: {
          learner: {
            id: lms.get('cmi.learner_id') || LOCAL_LEARNER.id,
            name: lms.get('cmi.learner_name') || null,
          },
          suspendData: lms.get('cmi.suspend_data') || null,
          location: lms.get('cmi.location') || null,
          masteryScore: Number.isFinite(mastery) && mastery >= 0 && mastery <= 1 ? mastery : null,
        },
        problem: null,
      };
    },
    async save(save) {
      if (!lms || finished) return null;
      return writeAndCommit(lms, values(save));
    },
    async recordAnswers(answers: RecordedAnswer[]) {
      if (!lms || finished) return null;
      const list: Array<[string, string]> = [];
      let n = Number.parseInt(lms.get('cmi.interactions._count') ?? '0', 10) || 0;
      for (const answer of answers) {
        // The id first: SCORM 2004 refuses an interaction's other elements before it has one.
        list.push([`cmi.interactions.${n}.id`, answer.id]);
        list.push([`cmi.interactions.${n}.type`, 'choice']);
        answer.objectives.forEach((objective, m) => {
          list.push([`cmi.interactions.${n}.objectives.${m}.id`, objective]);
        });
        list.push([`cmi.interactions.${n}.timestamp`, scormTimestamp(answer.at)]);
        list.push([`cmi.interactions.${n}.correct_responses.0.pattern`, answer.correct]);
        list.push([`cmi.interactions.${n}.learner_response`, answer.response]);
        list.push([`cmi.interactions.${n}.result`, answer.result]);
        list.push([`cmi.interactions.${n}.description`, short(answer.description, 250)]);
        n += 1;
      }
      return writeAndCommit(lms, list);
    },
    async finish(save) {
      if (!lms || finished) return null;
      finished = true;
      const refused = writeAndCommit(lms, [...values(save), ['cmi.exit', 'suspend']]);
      const error = lms.finish();
      const ended: LmsProblem | null = error
        ? problem('refused', 'warning', lmsTexts.refused('Terminate', error))
        : null;
      return refused ?? ended;
    },
  };
}
