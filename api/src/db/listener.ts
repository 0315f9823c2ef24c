import postgres from 'postgres';

interface Listener {
  onMessage(payload: string): void;
  onListen?: (() => void) | undefined;
  onLost?: (() => void) | undefined;
}

/**
 * LISTEN on one dedicated connection that comes back after a database restart. postgres.js's own
 * `listen` tries to LISTEN again once when its connection closes and drops the listeners for good if
 * that single try fails, which it does while the server is still down: every SSE stream would go
 * deaf after an outage. Here the LISTENs are retried until they hold, then each listener's
 * `onListen` runs (it re-reads what it may have missed).
 */
export function createListener(url: string, options: { connectTimeout: number }) {
  const channels = new Map<string, Set<Listener>>();
  let relistening = false;
  let ended = false;
  const sql = postgres(url, {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    connect_timeout: options.connectTimeout,
    backoff: () => 0.25,
    onnotice: () => {},
    onnotify(channel: string, payload: string) {
      for (const listener of channels.get(channel) ?? []) listener.onMessage(payload);
    },
    onclose() {
      if (ended || channels.size === 0) return;
      for (const set of channels.values()) for (const listener of set) listener.onLost?.();
      void relisten();
    },
  } as postgres.Options<Record<string, never>>);
  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

  async function relisten() {
    if (relistening) return;
    relistening = true;
    try {
      for (let pause = 250; !ended; pause = Math.min(pause * 2, 2_000)) {
        await new Promise((resolve) => setTimeout(resolve, pause));
        try {
          for (const channel of channels.keys()) await sql.unsafe(`listen ${quote(channel)}`);
          break;
        } catch {
          // still down: try again after the pause
        }
      }
    } finally {
      relistening = false;
    }
    if (ended) return;
    for (const set of channels.values()) for (const listener of set) listener.onListen?.();
  }

  return {
    async listen(
      channel: string,
      onMessage: (payload: string) => void,
      onListen?: () => void,
      onLost?: () => void,
    ) {
      const listener: Listener = { onMessage, onListen, onLost };
      if (!channels.has(channel)) {
        await sql.unsafe(`listen ${quote(channel)}`);
        if (!channels.has(channel)) channels.set(channel, new Set());
      }
      channels.get(channel)!.add(listener);
      onListen?.();
      return async () => {
        const set = channels.get(channel);
        if (!set?.delete(listener) || set.size > 0) return;
        channels.delete(channel);
        if (!ended) await sql.unsafe(`unlisten ${quote(channel)}`).catch(() => undefined);
      };
    },
    async end() {
      ended = true;
      await sql.end({ timeout: 5 });
    },
  };
}
