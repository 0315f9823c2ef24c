import type { Request, Response } from 'express';
import type { AppContext } from '../context';

const HEARTBEAT_MS = 25_000;

// Every hub of an app, so GET /metrics can say how many streams are open.
const hubsOf = new WeakMap<AppContext, Set<{ readonly size: number }>>();
/** Event streams open on this instance, all hubs of the app together. */
export function openStreams(ctx: AppContext): number {
  let n = 0;
  for (const hub of hubsOf.get(ctx) ?? []) n += hub.size;
  return n;
}

export interface StreamHubOptions<T> {
  /** The PostgreSQL channel a change is NOTIFYed on, by any instance. */
  channel: string;
  /** The SSE event name the streams carry. */
  event: string;
  /** What a notification means for the streams: the value to send, or undefined to send nothing. */
  onNotify(payload: string): Promise<T | undefined> | T | undefined;
  /**
   * The current value, sent to every stream when the LISTEN comes back after its connection was
   * lost (a database restart): a change NOTIFYed meanwhile was not heard.
   */
  current?: () => Promise<T>;
}

/**
 * The Server-Sent-Events hub of one instance for one channel: one LISTEN fans out to every open
 * stream, so a change made on any instance reaches every learner or admin streaming from this one.
 * A heartbeat comment every 25 s keeps proxies from closing idle streams.
 */
export function createStreamHub<T>(ctx: AppContext, options: StreamHubOptions<T>) {
  const streams = new Set<Response>();
  let stop: (() => Promise<void>) | undefined;
  let starting: Promise<void> | undefined;
  const send = (res: Response, value: T) =>
    res.write(`event: ${options.event}\ndata: ${JSON.stringify(value)}\n\n`);
  const heartbeat = setInterval(() => {
    for (const res of streams) res.write(': heartbeat\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const broadcast = (value: Promise<T | undefined> | T | undefined) =>
    Promise.resolve(value).then(
      (v) => {
        if (v === undefined) return;
        for (const res of streams) send(res, v);
      },
      (err) => ctx.logger.error({ err, channel: options.channel }, 'could not read a stream update'),
    );
  let listens = 0;

  const hub = {
    async start() {
      starting ??= ctx.database
        .listen(
          options.channel,
          (payload) => {
            if (streams.size > 0) void broadcast(options.onNotify(payload));
          },
          () => {
            listens += 1;
            if (listens > 1 && streams.size > 0 && options.current) void broadcast(options.current());
          },
        )
        .then(
          (unlisten) => {
            stop = unlisten;
          },
          (err) => {
            starting = undefined; // the next stream tries again (the database may be back)
            throw err;
          },
        );
      await starting;
    },
    add(res: Response, initial: T) {
      streams.add(res);
      send(res, initial);
      res.on('close', () => streams.delete(res));
    },
    /** Answers a request with an event stream that starts with `initial`. */
    async open(req: Request, res: Response, initial: () => Promise<T>) {
      await hub.start();
      const first = await initial();
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.flushHeaders();
      res.write('retry: 3000\n\n');
      hub.add(res, first);
      req.on('close', () => res.end());
    },
    get size() {
      return streams.size;
    },
    /** Ends every stream (graceful shutdown) and stops listening. */
    async close() {
      clearInterval(heartbeat);
      for (const res of streams) res.end();
      streams.clear();
      await stop?.();
    },
  };
  if (!hubsOf.has(ctx)) hubsOf.set(ctx, new Set());
  hubsOf.get(ctx)!.add(hub);
  return hub;
}
