/** An answer outside 2xx; the response is kept so that its error body can be read. */
export class HttpStatusError extends Error {
  constructor(readonly response: Response) {
    super(`HTTP ${response.status}`);
  }
}

/** No answer arrived within the time-out. */
export class RequestTimeoutError extends Error {}

export interface RequestOptions {
  method: string;
  headers: Record<string, string>;
  /** Sent as JSON with its content type. */
  json?: unknown;
  /** Sent as it is, with this content type, instead of `json` (a course zip to import). */
  file?: { data: Blob; type: string };
  timeoutMs: number;
}

/**
 * One call with a JSON body (or a file) and a time-out, failing on any answer outside 2xx: all the adapter
 * needs of an HTTP client, on the page's own fetch (a partner's bundle carries no client library).
 */
export async function request(
  fetchFn: typeof globalThis.fetch,
  url: string,
  { method, headers, json, file, timeoutMs }: RequestOptions,
): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await fetchFn(url, {
      method,
      signal: controller.signal,
      ...(file
        ? { headers: { ...headers, 'content-type': file.type }, body: file.data }
        : json === undefined
          ? { headers }
          : { headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(json) }),
    });
    if (!response.ok) throw new HttpStatusError(response);
    return response;
  } catch (error) {
    throw timedOut ? new RequestTimeoutError(`no answer within ${timeoutMs} ms`) : error;
  } finally {
    clearTimeout(timer);
  }
}
