import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CourseError } from '../errors';
import { messages } from '../messages';
import { retryProgressRead } from './retryProgressRead';

const unavailable = () => new CourseError('unavailable', messages.databaseConnectionFailed);
const offline = () => new CourseError('network_error', messages.authNetworkError);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A read that fails with `failures` in turn, then answers 'state'. */
function readFailing(...failures: Error[]) {
  return vi.fn(async () => {
    const next = failures.shift();
    if (next) throw next;
    return 'state';
  });
}

describe('the progress-read retry (learner §7, mapped to this API)', () => {
  it('retries 503 unavailable and network errors, waiting 1 s, then 2 s', async () => {
    const read = readFailing(unavailable(), offline());
    const result = retryProgressRead(read);
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toBe('state');
  });

  it('gives up after 3 tries with the last error', async () => {
    const read = readFailing(unavailable(), unavailable(), offline(), unavailable());
    const result = retryProgressRead(read);
    const settled = expect(result).rejects.toMatchObject({ code: 'network_error' });
    await vi.advanceTimersByTimeAsync(3000);
    await settled;
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('does not retry what another try cannot change: a refused session, a missing row, a policy text', async () => {
    for (const error of [
      new CourseError('unauthorized', messages.sessionInvalid),
      new CourseError('not_found', 'gone'),
      new CourseError('forbidden', 'new row violates row-level security policy'),
    ]) {
      const read = readFailing(error);
      await expect(retryProgressRead(read)).rejects.toBe(error);
      expect(read).toHaveBeenCalledTimes(1);
    }
  });
});
