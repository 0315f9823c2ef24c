import { adminEndpoints, endpoints, messages } from '@coursekit/core';

const ZIP_UPLOAD_PATH = adminEndpoints.adminImportCourse.path;
const IMPORT_PATH = /^\/organisations\/[^/]+\/import$/;
const ONE_CLICK_PATH = endpoints.reminderUnsubscribePost.path;

import type { RequestHandler } from 'express';
import { fail } from './errors';

/**
 * The API reads JSON only. A request that carries a body of another type (text/plain, a form, a
 * multipart upload) is refused with 415 rather than run as if it had sent `{}`: such requests are
 * the ones a hostile page can send cross-origin without a preflight, and an endpoint whose fields
 * are all optional (sign-out, profile) would otherwise act on them.
 */
export const jsonOnly: RequestHandler = (req, res, next) => {
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
  if (!hasBody || req.is('application/json')) return next();
  // The one route whose body is a file (a course zip); its handler reads it after the admin guard.
  if (req.method === 'POST' && req.path === ZIP_UPLOAD_PATH && req.is('application/zip')) return next();
  // The organisation manager's people import: a CSV file, streamed by its handler after the guard.
  if (req.method === 'POST' && IMPORT_PATH.test(req.path) && req.is('text/csv')) return next();
  // A mail client's one-click unsubscribe (RFC 8058) posts the form `List-Unsubscribe=One-Click`;
  // the signed token in the address is what it acts on, and the body is never read.
  if (
    req.method === 'POST' &&
    req.path === ONE_CLICK_PATH &&
    (req.is('application/x-www-form-urlencoded') || req.is('multipart/form-data'))
  )
    return next();
  res.status(415).json(fail('invalid_request', messages.bodyMustBeJson).toJSON());
};
