import type { ImageValidationResult } from '../schemas/admin';

// The image-URL validation (admin §9): HEAD each image URL in batches, retry failures, time out,
// note slow ones, and recommend what to do. The API runs it against its storage over HTTP; the
// mocks pass a `fetch` that answers from their bucket, so both recommend in the same words.

/** admin §9: the image-URL validation's constants. */
export const VALIDATION_DEFAULTS = {
  batchSize: 5,
  pauseMs: 2000,
  retryDelaysMs: [1000, 2000],
  timeoutMs: 10_000,
  slowMs: 3000,
} as const;

export interface ValidateOptions {
  /** Resolves relative URLs (`/storage/…`); the API passes its own origin. */
  baseUrl: string;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  onProgress?: (progress: number) => void;
  batchSize?: number;
  pauseMs?: number;
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  slowMs?: number;
}

interface Check {
  url: string;
  ok: boolean;
  status: number | null;
  error: string;
  ms: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * HEADs each image URL (admin §9): batches of 5 with a 2 s pause between them, up to 2 retries with
 * a growing delay (1 s, 2 s), a 10 s time-out, and a 3 s threshold for "slow". A missing image (4xx)
 * is not retried; a failure or a 5xx is. Progress: 20 once the URLs are known, then per batch to 100.
 */
export async function validateImageUrls(
  urls: readonly string[],
  options: ValidateOptions,
): Promise<ImageValidationResult> {
  const o = { ...VALIDATION_DEFAULTS, ...options };
  const doFetch = o.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = o.sleep ?? defaultSleep;
  const now = o.now ?? Date.now;
  const unique = [...new Set(urls)];
  o.onProgress?.(20);

  async function checkOnce(url: string): Promise<Check> {
    const started = now();
    try {
      const response = await doFetch(new URL(url, o.baseUrl), {
        method: 'HEAD',
        signal: AbortSignal.timeout(o.timeoutMs),
        redirect: 'follow',
      });
      const ms = now() - started;
      return {
        url,
        ok: response.ok,
        status: response.status,
        error: response.ok ? '' : `HTTP ${response.status}`,
        ms,
      };
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return {
        url,
        ok: false,
        status: null,
        error: timedOut ? `Timed out after ${o.timeoutMs} ms` : 'Network error',
        ms: now() - started,
      };
    }
  }

  async function check(url: string): Promise<Check> {
    let result = await checkOnce(url);
    for (const delay of o.retryDelaysMs) {
      const retryable = !result.ok && (result.status === null || result.status >= 500);
      if (!retryable) break;
      await sleep(delay);
      result = await checkOnce(url);
    }
    return result;
  }

  const checks: Check[] = [];
  for (let start = 0; start < unique.length; start += o.batchSize) {
    if (start > 0) await sleep(o.pauseMs);
    checks.push(...(await Promise.all(unique.slice(start, start + o.batchSize).map(check))));
    o.onProgress?.(Math.min(99, 20 + Math.round((80 * checks.length) / unique.length)));
  }

  const errors = checks.filter((c) => !c.ok).map((c) => ({ url: c.url, status: c.status, error: c.error }));
  const slow = checks.filter((c) => c.ok && c.ms >= o.slowMs).map((c) => ({ url: c.url, ms: c.ms }));
  const recommendations = validationRecommendations({
    missing: errors.filter((e) => e.status === 404).length,
    failing: errors.filter((e) => e.status !== 404).length,
    slow: slow.length,
    slowMs: o.slowMs,
  });
  o.onProgress?.(100);
  return {
    total: unique.length,
    valid: checks.length - errors.length,
    invalid: errors.length,
    errors,
    slow,
    summary: { recommendations },
  };
}

/**
 * What the validation recommends, most pressing first: upload or correct missing images, look at
 * failing ones, speed up slow ones; or that all is well.
 */
export function validationRecommendations(found: {
  missing: number;
  failing: number;
  slow: number;
  slowMs: number;
}): string[] {
  const recommendations: string[] = [];
  if (found.missing > 0)
    recommendations.push(
      `${found.missing} image(s) are missing from storage: upload them or run Enhanced Correction.`,
    );
  if (found.failing > 0)
    recommendations.push(
      `${found.failing} image URL(s) failed or timed out: check the storage server and try again.`,
    );
  if (found.slow > 0)
    recommendations.push(
      `${found.slow} image(s) took ${found.slowMs / 1000} s or more: compress them or serve them from a CDN.`,
    );
  if (recommendations.length === 0) recommendations.push('All images are reachable.');
  return recommendations;
}
