import path from 'node:path';
import {
  COMMON_PASSWORD_PATTERNS,
  messages,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@coursekit/core';
import type { Config } from '../config';
import type { LoadSummary } from '../content/applyCourse';
import type { BootstrapAdmin } from '../content/seed';

export interface BannerFacts {
  config: Config;
  /** Where mail goes (the mailer's own description). */
  mail: string;
  /** The courses loaded on this start (none: all were in the database already). */
  courses: LoadSummary[];
  admin: BootstrapAdmin;
  workers: number;
  /** Why there is one worker when the machine has more cores (embedded PGlite), if it is so. */
  singleWorkerReason?: string | undefined;
  /** Where GET /metrics is served, if anywhere. */
  metrics?: string | undefined;
}

/** The password policy, in core's words and figures, for the admin lines of the banner. */
const POLICY =
  `${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters; ${messages.passwordClasses}; ` +
  `none of ${COMMON_PASSWORD_PATTERNS.join(', ')} in it; not one of the 10,000 most common passwords`;

function adminLines(admin: BootstrapAdmin): string[] {
  switch (admin.kind) {
    case 'created':
      return [`  admin             created ${admin.email}`];
    case 'exists':
      return [
        '  admin             an admin exists (ADMIN_EMAIL/ADMIN_PASSWORD are used only when none does)',
      ];
    case 'unset':
      return admin.adminExists
        ? []
        : [
            '  make an admin     restart with ADMIN_EMAIL=you@example.com ADMIN_PASSWORD=… (used when no admin exists)',
            `                    the password: ${POLICY}`,
          ];
    case 'refused':
      return [
        `  admin             NOT CREATED: ${admin.variable} was refused — ${admin.reason}`,
        admin.variable === 'ADMIN_PASSWORD'
          ? `                    restart with an ADMIN_PASSWORD the policy accepts: ${POLICY}`
          : '                    restart with a valid ADMIN_EMAIL',
      ];
  }
}

/** What `npm start` prints once the API listens: where everything is, and what to do next. */
export function startBanner(facts: BannerFacts): string {
  const { config } = facts;
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    '  CourseKit API',
    `  listening on      ${url}  (API under ${url}/api, OpenAPI at ${url}/api/docs)`,
    `  database          ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${path.join(config.dataDir, 'pgdata')}`}`,
    `  workers           ${facts.workers}${facts.singleWorkerReason ? ` (${facts.singleWorkerReason})` : facts.workers > 1 ? ' (one per core; WEB_CONCURRENCY overrides)' : ''}`,
    `  mail              ${facts.mail}`,
    `  courses           ${facts.courses.length ? facts.courses.map((c) => `${c.course} loaded (${c.inserted} lessons, ${c.questions} questions)`).join('; ') : 'already in the database'}`,
    ...(facts.metrics ? [`  metrics           ${facts.metrics}`] : []),
    ...adminLines(facts.admin),
    '',
  ];
  return `${lines.join('\n')}\n`;
}
