import { CourseError, HTTP_STATUS, parseInput } from '@coursekit/core';
import { HttpResponse } from 'msw';

// How the MSW handlers answer, learner and admin alike, as the reference API does: `{ error }`
// bodies with HTTP_STATUS, bodies read with the endpoint's schema, server-sent events.

/** A CourseError as the API's `{ error: { code, message, fields? } }` with its status. */
export const failure = (error: CourseError) =>
  HttpResponse.json(error.toJSON(), { status: HTTP_STATUS[error.code] });

/** The bearer token a request carries, if any. */
export const tokenOf = (request: Request): string | null =>
  request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? null;

/** A course slug from the path, decoded as the API's router decodes it; a malformed one stays as sent. */
export function decodedSlug(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // not a course's slug either way
  }
}

/** Runs a handler's work; a CourseError it throws becomes the API's failure answer. */
export async function answering(work: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CourseError) return failure(error);
    throw error;
  }
}

/** A JSON body read as the API reads it: the endpoint's schema, core's wording of a refusal. */
export async function bodyOf(
  request: Request,
  schema: Parameters<typeof parseInput>[0] | undefined,
): Promise<Record<string, unknown>> {
  if (!schema) return {};
  const raw = await request.json().catch(() => undefined);
  return parseInput(schema, raw ?? {}, 'body') as Record<string, unknown>;
}

/** A server-sent event stream: `event` with the current value on connect, then on every change. */
export function eventStream<T>(
  event: string,
  current: () => T,
  subscribe: (listener: (value: T) => void) => () => void,
): Response {
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (value: T) =>
        controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(value)}\n\n`));
      send(current());
      stop = subscribe(send);
    },
    cancel() {
      stop();
    },
  });
  return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
}
