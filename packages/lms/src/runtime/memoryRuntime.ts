import {
  type LmsLearner,
  type LmsRuntime,
  type LmsSave,
  LOCAL_LEARNER,
  type RecordedAnswer,
} from './LmsRuntime';

/** What a memory runtime holds between sessions: an LMS's record of one learner, in a variable. */
export interface MemoryLmsRecord {
  learner?: LmsLearner;
  suspendData?: string | null;
  location?: string | null;
  masteryScore?: number | null;
  saves?: LmsSave[];
  answers?: RecordedAnswer[];
  finished?: number;
}

/**
 * A runtime with no LMS behind it: it keeps what it is given in `record`, so a test (or a preview)
 * can close a package and open it again on the same record.
 */
export function createMemoryRuntime(record: MemoryLmsRecord = {}): LmsRuntime {
  return {
    standard: 'none',
    async start() {
      return {
        session: {
          learner: record.learner ?? LOCAL_LEARNER,
          suspendData: record.suspendData ?? null,
          location: record.location ?? null,
          masteryScore: record.masteryScore ?? null,
        },
        problem: null,
      };
    },
    async save(save) {
      record.suspendData = save.suspendData;
      record.location = save.location;
      record.saves = [...(record.saves ?? []), save];
      return null;
    },
    async recordAnswers(answers) {
      record.answers = [...(record.answers ?? []), ...answers];
      return null;
    },
    async finish(save) {
      record.suspendData = save.suspendData;
      record.location = save.location;
      record.finished = (record.finished ?? 0) + 1;
      return null;
    },
  };
}
