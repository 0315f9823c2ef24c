import { CourseError, type CourseErrorCode, HTTP_STATUS, messages } from '@coursekit/core';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';

export const fail = (code: CourseErrorCode, message: string, fields?: Record<string, string>) =>
  new CourseError(code, message, fields);

export const notFound = (message = 'Not found') => fail('not_found', message);

interface Issue {
  code: string;
  path: PropertyKey[];
  expected?: string;
  keys?: string[];
  message: string;
}

/** A zod failure as a validation_error naming each field. */
export function validationError(issues: readonly Issue[], where = 'body'): CourseError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? []) fields[[...issue.path, key].join('.')] = 'Unknown field';
      continue;
    }
    const name = issue.path.length ? issue.path.map(String).join('.') : where;
    fields[name] ??=
      issue.code === 'invalid_type'
        ? `Expected ${issue.expected}`
        : issue.code === 'invalid_value'
          ? 'Not an allowed value'
          : issue.message;
  }
  const summary = Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
  return fail('validation_error', `Invalid request ${where}: ${summary}`, fields);
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => next(notFound('No such endpoint'));

interface BodyParserError {
  type?: string;
  status?: number;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    let error: CourseError;
    let status: number;
    const parserError = err as BodyParserError;
    if (err instanceof CourseError) {
      error = err;
      status = HTTP_STATUS[err.code];
    } else if (parserError?.type === 'entity.parse.failed') {
      error = fail('validation_error', 'Malformed JSON in request body', { body: 'Malformed JSON' });
      status = 400;
    } else if (parserError?.type === 'entity.too.large') {
      error = fail('invalid_request', 'Request body too large');
      status = 413;
    } else if (parserError?.type && parserError.status && parserError.status < 500) {
      error = fail('invalid_request', messages.authInvalidRequest);
      status = parserError.status;
    } else {
      logger.error({ err, method: req.method, url: req.originalUrl }, 'unhandled error');
      error = fail('unexpected', messages.authUnexpected);
      status = 500;
    }
    if (res.headersSent) return;
    const retryAfterMs = (err as { retryAfterMs?: number }).retryAfterMs;
    if (retryAfterMs) res.set('Retry-After', String(Math.ceil(retryAfterMs / 1000)));
    res.status(status).json(error.toJSON());
  };
}
