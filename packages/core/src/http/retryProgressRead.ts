import { CourseError } from '../errors';
import { TIMINGS } from '../rules/display';

/**
 * learner §7's progress-read retry, mapped to this API: the spec's hosted backend failed with
 * row-level-security and session-context messages that the reference API never answers; what it
 * does answer while it cannot serve the read is `503 unavailable` (database unreachable), and a
 * browser may lose the connection. Those are retried: 3 tries in all, waiting 1 s × the attempt.
 */
export async function retryProgressRead<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (!isPassing(error) || attempt >= TIMINGS.progressRetryMax) throw error;
      await new Promise((resolve) => setTimeout(resolve, TIMINGS.progressRetryDelayMs * attempt));
    }
  }
}

/** A failure that may be gone on the next try: the server was unavailable or never answered. */
function isPassing(error: unknown): boolean {
  return error instanceof CourseError && (error.code === 'unavailable' || error.code === 'network_error');
}
