import { existsSync } from 'node:fs';
import path from 'node:path';
import { messages } from '@coursekit/core';
import express, { type Express, type Request, Router } from 'express';
import helmet from 'helmet';
import pino, { type Logger } from 'pino';
import type { JobRegistry } from './admin/jobs';
import { adminRoutes } from './admin/routes';
import { authRoutes } from './auth/routes';
import { certificateRoutes } from './certificate/routes';
import type { Config } from './config';
import { CONTENT_TYPES, directoryStorage, type Storage } from './content/storage';
import { type AppContext, type Clock, type ImageValidationOverrides, systemClock } from './context';
import { courseRoutes } from './course/routes';
import { credentialRoutes, didDocumentRoute } from './credentials/routes';
import type { Database } from './db/index';
import { compressResponses } from './http/compression';
import { cors } from './http/cors';
import { API_CSP, SITE_CSP_DIRECTIVES } from './http/csp';
import { errorHandler, notFound, notFoundHandler } from './http/errors';
import { healthRoutes } from './http/health';
import { jsonOnly } from './http/jsonOnly';
import { createMetrics, type Metrics, type MetricsText, metricsEndpoint } from './http/metrics';
import { openApiDocument } from './http/openapi';
import { precompressed } from './http/precompressed';
import { requestLog } from './http/requestLog';
import { largeBodyRoute } from './http/route';
import { staticSite } from './http/staticSite';
import { ltiRosterRoutes, ltiRoutes } from './lti/routes';
import { type ScoreOutbox, scoreOutbox } from './lti/scoreOutbox';
import type { DevMailbox, Mailer } from './mail/mailer';
import { companySignInRoutes } from './organisations/companySignIn';
import { organisationFaceRoutes } from './organisations/faceRoutes';
import { managerRoutes } from './organisations/managerRoutes';
import { myOrganisationRoutes } from './organisations/myOrganisations';
import { reminderRoutes } from './organisations/reminderRoutes';
import { originAllowed } from './organisations/trust';
import { profileRoutes } from './profile/routes';
import { progressRoutes } from './progress/routes';
import { quizRoutes } from './quizzes/routes';
import { settingsHub, settingsRoutes } from './settings/routes';

export interface AppOptions {
  db: Database;
  mailer: Mailer;
  config: Config;
  clock?: Clock;
  logger?: Logger;
  storage?: Storage;
  /** The course the admin's content loads read; api/content when absent. */
  contentDir?: string;
  /** Shorter image-validation batches, pauses and thresholds (tests). */
  imageValidation?: ImageValidationOverrides;
  /** True once the process is shutting down: /api/health/ready answers 503 (main.ts). */
  draining?: () => boolean;
  /** What GET /metrics answers; this app's own registry when absent (a cluster worker asks its primary). */
  readMetrics?: () => Promise<MetricsText>;
}

export interface App {
  app: Express;
  ctx: AppContext;
  /** The admin's background image jobs (tests wait for them with `idle()`). */
  adminJobs: JobRegistry;
  /** This instance's Prometheus metrics. */
  metrics: Metrics;
  /** The outbox of LTI scores for platforms' gradebooks (tests flush it and count its token requests). */
  ltiScores: ScoreOutbox;
  /** Ends the SSE streams and the LISTEN; the caller closes the HTTP server and the database. */
  close(): Promise<void>;
}

const isLoopback = (ip: string | undefined) => ip === '::1' || /^(::ffff:)?127\./.test(ip ?? '');
const isDevMailbox = (mailer: Mailer): mailer is DevMailbox => 'list' in mailer && 'raw' in mailer;

/** The Express app; main.ts (or a test) listens and owns the database. */
export function createApp(options: AppOptions): App {
  const logger = options.logger ?? pino({ level: 'silent' });
  const ctx: AppContext = {
    db: options.db.db,
    database: options.db,
    mailer: options.mailer,
    clock: options.clock ?? systemClock,
    config: options.config,
    logger,
    storage: options.storage ?? directoryStorage(path.join(options.config.dataDir, 'storage')),
    contentDir: options.contentDir,
    imageValidation: options.imageValidation,
  };
  const ltiScores = scoreOutbox(ctx);
  ctx.ltiScores = ltiScores;
  const hub = settingsHub(ctx);
  const admin = adminRoutes(ctx);
  const metrics = createMetrics(ctx);
  const app = express();
  app.disable('x-powered-by');
  // API answers are no-store: an ETag (a SHA-1 of every JSON body, 5% of a progress read's CPU) buys
  // nothing. Static files keep serve-static's own.
  app.set('etag', false);
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');
  app.use(requestLog(logger, metrics));
  app.use(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: SITE_CSP_DIRECTIVES },
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    }),
  );
  app.use(compressResponses());
  app.use(
    metricsEndpoint(options.config.metricsToken, async () => {
      if (options.readMetrics) return options.readMetrics();
      return { contentType: metrics.registry.contentType, text: await metrics.registry.metrics() };
    }),
  );

  const api = Router();
  api.use(cors((origin) => originAllowed(ctx, origin)));
  api.use(
    express.json({
      limit: options.config.bodyLimit,
      strict: true,
      // A route with its own, larger limit reads its body after its guard (http/route.ts).
      type: (req) => !largeBodyRoute(req as Request) && Boolean((req as Request).is('application/json')),
    }),
  );
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    res.set('Content-Security-Policy', API_CSP);
    next();
  });
  // LTI platforms post forms (the login initiation, the launch's form_post): before the JSON-only rule.
  api.use(ltiRoutes(ctx));
  api.use(companySignInRoutes(ctx));
  api.use(jsonOnly);
  api.use(healthRoutes(ctx, options.draining));
  api.get('/docs', (req, res) => {
    res.json(openApiDocument(`${req.protocol}://${req.get('host')}/api`));
  });
  api.use(authRoutes(ctx));
  api.use(settingsRoutes(ctx, hub));
  api.use(profileRoutes(ctx));
  api.use(courseRoutes(ctx));
  api.use(progressRoutes(ctx));
  api.use(quizRoutes(ctx));
  api.use(certificateRoutes(ctx));
  api.use(credentialRoutes(ctx));
  api.use(organisationFaceRoutes(ctx));
  api.use(managerRoutes(ctx));
  api.use(myOrganisationRoutes(ctx));
  api.use(ltiRosterRoutes(ctx));
  api.use(reminderRoutes(ctx));
  api.use(admin.router);
  if (!options.config.production && isDevMailbox(options.mailer)) {
    const mailbox = options.mailer;
    // Every user's verification and reset links are in there: only the machine itself may read it
    // (req.ip is the forwarded client behind a local proxy, so a proxied visitor is refused too).
    const onThisMachine: express.RequestHandler = (req, _res, next) =>
      next(isLoopback(req.ip) ? undefined : notFound(messages.noSuchEndpoint));
    api.get('/dev/mailbox', onThisMachine, (_req, res) => {
      res.json({ messages: mailbox.list() });
    });
    api.get('/dev/mailbox/:id', onThisMachine, (req, res) => {
      const raw = mailbox.raw(String(req.params.id));
      if (raw === null) throw notFound(messages.noSuchMessage);
      res.type('message/rfc822').send(raw);
    });
  }
  api.use(notFoundHandler);
  app.use('/api', api);
  app.use(didDocumentRoute(ctx));

  app.get('/storage/:bucket/:name', async (req, res) => {
    const data = await ctx.storage.get(String(req.params.bucket), String(req.params.name));
    if (!data) throw notFound(messages.noSuchFile);
    const type =
      CONTENT_TYPES[path.extname(String(req.params.name)).toLowerCase()] ?? 'application/octet-stream';
    res
      .type(type)
      .set('Cache-Control', 'public, max-age=3600')
      .set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(Buffer.from(data));
  });

  // The embed bundles partners load with a <script> tag (README: Embedding the course).
  const embedDist = options.config.embedDist;
  if (embedDist && existsSync(embedDist)) {
    app.use(
      '/embed',
      precompressed(embedDist, { cacheControl: () => 'public, max-age=3600', match: /^\/[\w.-]+\.js$/ }),
      express.static(embedDist, { index: false, maxAge: '1h' }),
    );
  }

  const hostDist = options.config.hostDist;
  if (hostDist && existsSync(path.join(hostDist, 'index.html'))) app.use(staticSite(hostDist));
  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  return {
    app,
    ctx,
    adminJobs: admin.jobs,
    metrics,
    ltiScores,
    async close() {
      ltiScores.close();
      await Promise.all([hub.close(), admin.close()]);
    },
  };
}
