import {
  CourseError,
  type CourseErrorCode,
  HTTP_STATUS,
  invalidInputFromIssues,
  messages,
} from '@coursekit/core';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { isConnectionError } from '../db/index';
import { pathOnly } from './logSafeUrl';

/** What a request gets while the database cannot be reached: a 503 the client may retry. */
export const DATABASE_UNAVAILABLE = messages.databaseUnavailable;

export const fail = (code: CourseErrorCode, message: string, fields?: Record<string, string>) =>
  new CourseError(code, message, fields);

export const notFound = (message: string = messages.notFound) => fail('not_found', message);

/** A zod failure as a validation_error naming each field (core's wording, shared with the mocks). */
export const validationError = invalidInputFromIssues;

export const notFoundHandler: RequestHandler = (_req, _res, next) => next(notFound(messages.noSuchEndpoint));

interface BodyParserError {
  type?: string;
  status?: number;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    let error: CourseError;
    let status: number;
    let retryAfterMs = (err as { retryAfterMs?: number } | undefined)?.retryAfterMs;
    const parserError = err as BodyParserError;
    if (err instanceof CourseError) {
      error = err;
      status = HTTP_STATUS[err.code];
    } else if (parserError?.type === 'entity.parse.failed') {
      error = fail('validation_error', messages.malformedJson, { body: messages.malformedJsonField });
      status = 400;
    } else if (err instanceof URIError && parserError.status === 400) {
      // The router could not decode a path parameter (%ED%A0%80, a lone surrogate's bytes, is not UTF-8).
      error = fail('validation_error', 'Invalid request path: not percent-encoded UTF-8', {
        path: 'Not percent-encoded UTF-8',
      });
      status = 400;
    } else if (parserError?.type === 'entity.too.large') {
      error = fail('invalid_request', messages.bodyTooLarge);
      status = 413;
    } else if (parserError?.type && parserError.status && parserError.status < 500) {
      error = fail('invalid_request', messages.authInvalidRequest);
      status = parserError.status;
    } else if (isConnectionError(err)) {
      // Not a bug in the request: the database is down or restarting. Fail fast, say so, and let
      // the client retry; the API reconnects by itself when the database is back.
      (req.log ?? logger).warn(
        { method: req.method, path: pathOnly(req.originalUrl), code: errorCode(err) },
        'database unavailable',
      );
      error = fail('unavailable', DATABASE_UNAVAILABLE);
      status = 503;
      retryAfterMs = 5_000;
    } else {
      (req.log ?? logger).error(
        { err, method: req.method, path: pathOnly(req.originalUrl) },
        'unhandled error',
      );
      error = fail('unexpected', messages.authUnexpected);
      status = 500;
    }
    if (res.headersSent) return;
    if (retryAfterMs) res.set('Retry-After', String(Math.ceil(retryAfterMs / 1000)));
    // The request id goes with every error a user is shown, so support can find its log lines.
    const body = error.toJSON();
    res.status(status).json(req.id ? { error: { ...body.error, requestId: req.id } } : body);
  };
}

const errorCode = (err: unknown): string | undefined => {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
};
