/** An outbox's flush: its delivery passes, one at a time. */
export interface SerialPasses {
  /**
   * Runs a pass, or, during one, one more pass after it: whatever was stored before the call has
   * been looked at when the promise resolves. Never rejects; a failed pass goes to `onError`.
   */
  flush(): Promise<void>;
  /** Starts no pass from now on (a pass running now finishes). */
  close(): void;
  readonly closed: boolean;
}

/**
 * One pass at a time per instance, however many callers flush at once; the outboxes' rows are
 * claimed with FOR UPDATE SKIP LOCKED, so passes of several instances never take the same row.
 */
export function serialPasses(pass: () => Promise<void>, onError: (err: unknown) => void): SerialPasses {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  let closed = false;
  const flush = (): Promise<void> => {
    if (running) {
      queued ??= running.then(() => {
        queued = undefined;
        return closed ? undefined : flush();
      });
      return queued;
    }
    running = pass()
      .catch((err: unknown) => {
        onError(err);
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  return {
    flush,
    close() {
      closed = true;
    },
    get closed() {
      return closed;
    },
  };
}
