/** One Server-Sent Event. */
export interface StreamEvent {
  event: string;
  data: string;
}

export interface EventStreamOptions {
  url: string;
  onEvent: (event: StreamEvent) => void;
  fetch?: typeof globalThis.fetch;
  headers?: () => Promise<Record<string, string>> | Record<string, string>;
  /** First reconnect delay; doubles up to 30 s while the server stays away. */
  retryMs?: number;
}

/** Splits an SSE byte stream into events (the parts of the format the API uses: event, data). */
export function createEventParser(onEvent: (event: StreamEvent) => void) {
  let buffer = '';
  let event = 'message';
  let data: string[] = [];
  return (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) onEvent({ event, data: data.join('\n') });
        event = 'message';
        data = [];
      } else if (line.startsWith(':')) {
        // heartbeat comment
      } else {
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
    }
  };
}

/**
 * Follows an SSE stream with fetch (so it runs in browsers and in Node alike), reconnecting with
 * a growing delay while the server is away. Returns a function that stops it.
 */
export function followEventStream(options: EventStreamOptions): () => void {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const controller = new AbortController();
  let delay = options.retryMs ?? 1000;

  const run = async () => {
    while (!controller.signal.aborted) {
      try {
        const headers = { accept: 'text/event-stream', ...(await options.headers?.()) };
        const response = await doFetch(options.url, { headers, signal: controller.signal });
        if (response.ok && response.body) {
          delay = options.retryMs ?? 1000;
          const parse = createEventParser(options.onEvent);
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            parse(value);
          }
        }
      } catch {
        // the network dropped or we were stopped; the loop decides
      }
      if (controller.signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 30_000);
    }
  };
  void run();
  return () => controller.abort();
}
