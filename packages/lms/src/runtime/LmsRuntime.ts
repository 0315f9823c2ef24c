import type { LmsReport } from '../state/lmsReport';

/** The runtime standards a package speaks. */
export type LmsStandard = 'scorm12' | 'scorm2004' | 'cmi5';

/**
 * Something went wrong between the package and the LMS, in words for the learner. The package
 * keeps going on what it has; `severity` says whether progress is being recorded at all.
 */
export interface LmsProblem {
  kind: 'no-lms' | 'not-started' | 'refused' | 'unreachable' | 'saved-state';
  /** 'error': nothing is being recorded; 'warning': a part was not; 'info': nothing lost. */
  severity: 'error' | 'warning' | 'info';
  message: string;
}

export interface LmsLearner {
  /** The LMS's id of the learner. */
  id: string;
  /** As the LMS gives it ("Silva, Ana" in SCORM 1.2), or null. */
  name: string | null;
}

/** What the LMS holds when the package opens. */
export interface LmsSession {
  learner: LmsLearner;
  /** The package's saved state (suspend data); null on a first launch. */
  suspendData: string | null;
  /** Where the learner was (a player path such as '/module/3'); null on a first launch. */
  location: string | null;
  /** The LMS's passing score for the judged quiz, 0..1, when it sets one. */
  masteryScore: number | null;
  /** cmi5: where the learner goes when the AU ends. */
  returnUrl?: string | null;
}

/** One committed quiz answer, as SCORM 2004 records an interaction. */
export interface RecordedAnswer {
  /** Unique per attempt and question, e.g. 'urn:coursekit:course:final:a3:q7'. */
  id: string;
  /** The learner response and the key, as choice identifiers 'a'…'d'. */
  response: string;
  correct: string;
  result: 'correct' | 'incorrect';
  /** The objectives the question checks. */
  objectives: string[];
  description: string;
  at: string;
}

/** What a save writes: the state text, the location and the course's standing. */
export interface LmsSave {
  suspendData: string;
  location: string | null;
  report: LmsReport;
}

/**
 * One LMS runtime binding. Every method resolves (never rejects): failures come back as problems,
 * so nothing the LMS does can throw into the player or the LMS's page.
 */
export interface LmsRuntime {
  readonly standard: LmsStandard | 'none';
  /** Opens the session: who the learner is and what was saved. */
  start(): Promise<{ session: LmsSession; problem: LmsProblem | null }>;
  /** Writes the learner's state and standing, and commits. */
  save(save: LmsSave): Promise<LmsProblem | null>;
  /** Records committed quiz answers (SCORM 2004 interactions); optional. */
  recordAnswers?(answers: RecordedAnswer[]): Promise<LmsProblem | null>;
  /** Ends the session (LMSFinish, Terminate, the terminated statement). */
  finish(save: LmsSave): Promise<LmsProblem | null>;
}

/** The learner when no LMS says who it is: progress lives only as long as the page. */
export const LOCAL_LEARNER: LmsLearner = { id: 'local-learner', name: null };
