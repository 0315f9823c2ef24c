import type { Logger } from 'pino';
import type { Config } from './config';
import type { Storage } from './content/storage';
import type { Database, Db } from './db/index';
import type { ValidateOptions } from './images/validate';
import type { Mailer } from './mail/mailer';

/** Time as the server sees it; tests move it forward. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

/** What every service receives. */
export interface AppContext {
  db: Db;
  database: Database;
  mailer: Mailer;
  clock: Clock;
  /** Where quiz draws and option orders come from (core's RandomSource); Math.random when absent. */
  random?: (() => number) | undefined;
  config: Config;
  logger: Logger;
  storage: Storage;
  /** Where the admin's content loads read the course; api/content when absent. */
  contentDir?: string | undefined;
  /** Overrides of the image validation's batch, pause, retry, time-out and slow figures (tests). */
  imageValidation?: ImageValidationOverrides | undefined;
  /** Sends the queued LTI scores (lti/scoreOutbox.ts); the app makes it, a script's context has none. */
  ltiScores?: { flush(): Promise<void> } | undefined;
}

export type ImageValidationOverrides = Partial<
  Pick<ValidateOptions, 'batchSize' | 'pauseMs' | 'retryDelaysMs' | 'timeoutMs' | 'slowMs'>
>;
