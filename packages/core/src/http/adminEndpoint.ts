// The shape of an entry of the admin table, and the page numbers its queries share.
import * as z from 'zod/mini';
import { pageRangeMessage } from '../adminMessages';
import type { CourseErrorCode } from '../errors';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface AdminEndpoint {
  method: Method;
  path: string;
  auth: 'admin';
  /** The query string's schema (values arrive as strings; numbers are coerced). */
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** The answer's schema; absent for 204 No Content and for streams. */
  answer?: z.ZodMiniType;
  /** The success status when not 200/204 (201 created, 202 job started). */
  status?: 201 | 202;
  /**
   * A file of this media type instead of JSON (the progress CSV, an LMS package zip), sent as an
   * attachment; `answer` is then absent. 'application/octet-stream': a file of its own type (a
   * studio draft's image), as stored.
   */
  produces?: 'text/csv' | 'application/zip' | 'application/octet-stream';
  /** The request body is a file of this media type instead of JSON (a course zip to import). */
  consumes?: 'application/zip';
  /**
   * A JSON body may be this many bytes, more than the API's default (BODY_LIMIT), and is read only
   * after the guard let the caller in (a studio image in base64).
   */
  bodyLimit?: number;
  /**
   * 'course': about one course; it answers at its path for the default course and at
   * `/courses/:course` + its path for any course by slug (core's `coursePath`).
   */
  scope?: 'course';
  /**
   * true: moderators may call it too (the studio's author role: write drafts, preview, compare). Every
   * other admin endpoint, publishing and restoring included, is for admins only.
   */
  authors?: true;
  /**
   * What this endpoint can fail with besides what its entry implies: the OpenAPI document adds 401
   * for a signed-in call (and 403 for an admin one), 400 for a query, path parameter or body, 413 and
   * 415 for a POST, PUT or PATCH, and 500 and 503 for every call (api/src/http/openapi.ts).
   */
  errors?: readonly CourseErrorCode[];
  summary: string;
}

/** An entry of the admin table, typed as written (its literal method, path and schemas kept). */
export const adminEndpoint = <const T extends AdminEndpoint>(endpoint: T): T => endpoint;

/**
 * A page number or size: the query string's text coerced to a whole number from 1 to `max`
 * (the memory adapter passes numbers, which pass as they are).
 */
export const pageNumber = (max: number) => {
  const error = pageRangeMessage(max);
  return z.optional(z.coerce.number().check(z.int({ error }), z.gte(1, { error }), z.lte(max, { error })));
};
