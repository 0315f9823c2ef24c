// Settings streams as a learner's browser holds them (EventSource): through the load balancer, and
// opened again after the server's `retry` pause when the instance behind one goes away.

export interface Stream {
  /** The instance that serves the stream now (nginx's X-Upstream), and every one it had. */
  upstream: string;
  history: string[];
  /** Times a connection ended and a new one was opened and answered its first event. */
  reconnects: number;
  /** Each settings event: when it arrived and whether maintenance was on, with the instance it came from. */
  events: Array<{ at: number; maintenance: boolean; upstream: string }>;
}

export function openStreams(url: string, count: number) {
  let running = true;
  const controllers = new Set<AbortController>();
  const streams: Stream[] = [];

  async function follow(stream: Stream) {
    let retryMs = 3_000;
    let first = true;
    while (running) {
      const controller = new AbortController();
      controllers.add(controller);
      try {
        const res = await fetch(url, { signal: controller.signal });
        if (res.ok && res.body) {
          const upstream = res.headers.get('x-upstream') ?? '?';
          stream.upstream = upstream;
          stream.history.push(upstream);
          const reader = res.body.getReader();
          const decoder = new TextDecoder();
          let buffer = '';
          let counted = first;
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += decoder.decode(value, { stream: true });
            for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const retry = /^retry: (\d+)$/m.exec(block);
              if (retry) retryMs = Number(retry[1]);
              const data = block.split('\n').find((l) => l.startsWith('data: '));
              if (!block.includes('event: settings') || !data) continue;
              if (!counted) {
                stream.reconnects += 1;
                counted = true;
              }
              const settings = JSON.parse(data.slice(6)) as { maintenance_mode: boolean };
              stream.events.push({ at: performance.now(), maintenance: settings.maintenance_mode, upstream });
            }
          }
        }
      } catch {
        // the instance went away mid-stream, or the connection was refused: try again after the pause
      } finally {
        controllers.delete(controller);
      }
      first = false;
      if (running) await new Promise((r) => setTimeout(r, retryMs));
    }
  }

  const add = () => {
    const stream: Stream = { upstream: '', history: [], reconnects: 0, events: [] };
    streams.push(stream);
    void follow(stream);
    return stream;
  };
  for (let i = 0; i < count; i++) add();
  return {
    streams,
    add,
    /** Streams by the instance serving them now. */
    byUpstream() {
      const map = new Map<string, number>();
      for (const s of streams) map.set(s.upstream, (map.get(s.upstream) ?? 0) + 1);
      return map;
    },
    stop() {
      running = false;
      for (const c of controllers) c.abort();
    },
  };
}
