import type { LmsProblem } from './LmsRuntime';
import { lmsTexts, problem } from './lmsTexts';

/** The method names of one SCORM API: 1.2's `LMS…` ones or 2004's. */
export interface ScormDialect {
  initialize: string;
  getValue: string;
  setValue: string;
  commit: string;
  finish: string;
  lastError: string;
  errorString: string;
}

export const SCORM12_DIALECT: ScormDialect = {
  initialize: 'LMSInitialize',
  getValue: 'LMSGetValue',
  setValue: 'LMSSetValue',
  commit: 'LMSCommit',
  finish: 'LMSFinish',
  lastError: 'LMSGetLastError',
  errorString: 'LMSGetErrorString',
};

export const SCORM2004_DIALECT: ScormDialect = {
  initialize: 'Initialize',
  getValue: 'GetValue',
  setValue: 'SetValue',
  commit: 'Commit',
  finish: 'Terminate',
  lastError: 'GetLastError',
  errorString: 'GetErrorString',
};

type ScormApi = Record<string, unknown>;

/**
 * The calls into an LMS's SCORM API, each guarded: an API that throws, answers 'false' or is missing
 * a method becomes a failure the runtime can put into words, never an exception.
 */
export function scormConnection(api: ScormApi, dialect: ScormDialect) {
  function call(method: string, ...args: string[]): string {
    try {
      const fn = api[method];
      if (typeof fn !== 'function') return 'false';
      return String(fn.apply(api, args));
    } catch {
      return 'false';
    }
  }
  /** The LMS's last error, as '101 General exception'. */
  function lastError(): string {
    const code = call(dialect.lastError);
    const text = call(dialect.errorString, code);
    return text && text !== 'false' ? `error ${code}: ${text}` : `error ${code}`;
  }
  const failed = (result: string) => result !== 'true';

  return {
    /** Null when the session opened; else the LMS's error. */
    initialize(): string | null {
      return failed(call(dialect.initialize, '')) ? lastError() : null;
    },
    /** The element's value; null when the LMS has none or refuses the read. */
    get(element: string): string | null {
      const value = call(dialect.getValue, element);
      const code = call(dialect.lastError);
      return code === '0' || code === '' ? value : null;
    },
    /** Null when accepted; else the LMS's error for that element. */
    set(element: string, value: string): string | null {
      return failed(call(dialect.setValue, element, value)) ? lastError() : null;
    },
    commit(): string | null {
      return failed(call(dialect.commit, '')) ? lastError() : null;
    },
    finish(): string | null {
      return failed(call(dialect.finish, '')) ? lastError() : null;
    },
  };
}
export type ScormConnection = ReturnType<typeof scormConnection>;

/**
 * Writes values in order and commits; the first refusal becomes the learner's message (the rest
 * are still written: one refused value must not cost the others).
 */
export function writeAndCommit(
  lms: ScormConnection,
  values: ReadonlyArray<readonly [string, string]>,
): LmsProblem | null {
  let refused: LmsProblem | null = null;
  for (const [element, value] of values) {
    const error = lms.set(element, value);
    if (error && !refused) refused = problem('refused', 'warning', lmsTexts.refused(element, error));
  }
  const error = lms.commit();
  if (error && !refused) refused = problem('refused', 'warning', lmsTexts.refused('commit', error));
  return refused;
}

/** SCORM 1.2 CMITimespan: HHHH:MM:SS.SS. */
export function scorm12Time(ms: number): string {
  const total = Math.max(0, Math.round(ms / 10)) / 100;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(Math.min(h, 9999)).padStart(4, '0')}:${pad(m)}:${pad(Math.floor(s))}.${pad(Math.round((s % 1) * 100) % 100)}`;
}

/** SCORM 2004 / xAPI duration: ISO 8601, e.g. PT1H2M3.45S. */
export function isoDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 10)) / 100;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = Math.round((total % 60) * 100) / 100;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s}S`;
}
