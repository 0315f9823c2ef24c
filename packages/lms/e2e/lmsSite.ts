import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A stand-in LMS on loopback, built from outside parts where they exist: the packages as the API
// exported them, scorm-again as the SCORM runtime on the LMS's page, and for cmi5 the LMS's launch,
// fetch URL and a small LRS (statements and the State API) that keeps everything it is sent.

const here = path.dirname(fileURLToPath(import.meta.url));
// scorm-again's classic scripts (dist/scorm12.min.js…), beside its ESM entry (dist/esm/).
const scormAgain = path.join(path.dirname(fileURLToPath(import.meta.resolve('scorm-again'))), '..');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
};

// biome-ignore lint/suspicious/noExplicitAny: tests read LMS records and xAPI statements as ad-hoc JSON
export type Json = Record<string, any>;

/** The xAPI statements the LRS took, in order, and the state documents it holds. */
export interface Lrs {
  statements: Json[];
  state: Map<string, string>;
  /** Answer the next statement and state writes with this HTTP status instead (0: normally). */
  failWrites: number;
  /** Answer the fetch URL with this status instead of a token (0: normally). */
  failFetch: number;
}

export interface Cmi5Launch {
  url: string;
  registration: string;
  sessionId: string;
  activityId: string;
  actor: { objectType: 'Agent'; account: { homePage: string; name: string }; name: string };
}

async function body(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

function send(res: ServerResponse, status: number, text: string | Buffer = '', type = 'application/json') {
  res.writeHead(status, { 'content-type': type, 'x-experience-api-version': '1.0.3' }).end(text);
}

export async function startLmsSite(packagesDir: string) {
  const records = new Map<string, string>();
  const lrs: Lrs = { statements: [], state: new Map(), failWrites: 0, failFetch: 0 };
  const tokens = new Map<string, string>();
  const registrations = new Map<string, string>();
  let origin = '';

  const stateKey = (q: URLSearchParams) =>
    `${q.get('activityId')}|${q.get('registration') ?? ''}|${q.get('stateId')}|${JSON.parse(q.get('agent') ?? '{}').account?.name ?? ''}`;

  async function lrsRoute(req: IncomingMessage, res: ServerResponse, url: URL) {
    const auth = req.headers.authorization ?? '';
    if (![...tokens.values()].some((t) => auth === `Basic ${t}`))
      return send(res, 401, '{"error":"unauthorized"}');
    const route = url.pathname.replace('/lrs/', '');
    if (route === 'statements' && (req.method === 'POST' || req.method === 'PUT')) {
      const data = JSON.parse(await body(req));
      if (lrs.failWrites) return send(res, lrs.failWrites, '{"error":"LRS failure"}');
      const list = (Array.isArray(data) ? data : [data]) as Array<Record<string, unknown>>;
      const id = url.searchParams.get('statementId');
      for (const s of list)
        lrs.statements.push({ ...(id ? { id } : {}), ...s, stored: new Date().toISOString() });
      return send(
        res,
        req.method === 'PUT' ? 204 : 200,
        req.method === 'PUT' ? '' : JSON.stringify(list.map((s) => s.id)),
      );
    }
    if (route === 'activities/state') {
      const key = stateKey(url.searchParams);
      if (req.method === 'GET') {
        const doc = lrs.state.get(key);
        return doc === undefined ? send(res, 404, '') : send(res, 200, doc);
      }
      const doc = await body(req);
      if (lrs.failWrites) return send(res, lrs.failWrites, '{"error":"LRS failure"}');
      lrs.state.set(key, doc);
      return send(res, 204);
    }
    if (route === 'agents/profile') return send(res, 404, '');
    return send(res, 404, '');
  }

  /** The LMS launching one AU (cmi5 §8): LMS.LaunchData, the Launched statement, a one-time fetch URL. */
  function launch(
    learner: string,
    au: string,
    options: { masteryScore?: number; moveOn: string },
  ): Cmi5Launch {
    const activityId = `https://coursekit.test/courses/data-literacy-for-facility-managers/au/${au}`;
    const registration = registrations.get(learner) ?? randomUUID();
    registrations.set(learner, registration);
    const sessionId = randomUUID();
    const actor = {
      objectType: 'Agent' as const,
      account: { homePage: 'https://lms.example', name: learner },
      name: 'Ana Silva',
    };
    const contextTemplate = {
      contextActivities: { grouping: [{ id: activityId, objectType: 'Activity' }] },
      extensions: { 'https://w3id.org/xapi/cmi5/context/extensions/sessionid': sessionId },
    };
    const q = new URLSearchParams({
      activityId,
      registration,
      stateId: 'LMS.LaunchData',
      agent: JSON.stringify(actor),
    });
    lrs.state.set(
      stateKey(q),
      JSON.stringify({
        contextTemplate,
        launchMode: 'Normal',
        moveOn: options.moveOn,
        ...(options.masteryScore !== undefined ? { masteryScore: options.masteryScore } : {}),
        returnURL: `${origin}/lms/cmi5/returned`,
      }),
    );
    lrs.statements.push({
      id: randomUUID(),
      actor,
      verb: { id: 'http://adlnet.gov/expapi/verbs/launched', display: { 'en-US': 'Launched' } },
      object: { id: activityId, objectType: 'Activity' },
      context: {
        registration,
        ...contextTemplate,
        contextActivities: {
          ...contextTemplate.contextActivities,
          category: [{ id: 'https://w3id.org/xapi/cmi5/context/categories/cmi5' }],
        },
        extensions: {
          ...contextTemplate.extensions,
          'https://w3id.org/xapi/cmi5/context/extensions/launchmode': 'Normal',
          'https://w3id.org/xapi/cmi5/context/extensions/moveon': options.moveOn,
        },
      },
      timestamp: new Date().toISOString(),
    });
    const fetchToken = randomUUID();
    tokens.set(fetchToken, Buffer.from(`${learner}:${randomUUID()}`).toString('base64'));
    const params = new URLSearchParams({
      au,
      endpoint: `${origin}/lrs/`,
      fetch: `${origin}/lms/cmi5/fetch?token=${fetchToken}`,
      actor: JSON.stringify(actor),
      registration,
      activityId,
    });
    return { url: `${origin}/pkg/cmi5/index.html?${params}`, registration, sessionId, activityId, actor };
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://lms');
    const { pathname } = url;
    try {
      if (pathname.startsWith('/lrs/')) return await lrsRoute(req, res, url);
      if (pathname === '/lms/cmi5/fetch' && req.method === 'POST') {
        const token = url.searchParams.get('token') ?? '';
        const auth = tokens.get(token);
        // cmi5 best practice: a fetch URL gives its token once.
        if (lrs.failFetch || !auth || auth.startsWith('used:')) {
          return send(
            res,
            lrs.failFetch || 401,
            JSON.stringify({ 'error-code': '1', 'error-text': 'refused' }),
          );
        }
        tokens.set(`used:${token}`, auth);
        return send(res, 200, JSON.stringify({ 'auth-token': auth }));
      }
      if (pathname === '/lms/cmi5/returned')
        return send(res, 200, '<h1>Back in the LMS</h1>', TYPES['.html']);
      // The SCORM LMS keeps one learner's record per package: what scorm-again commits.
      const record = /^\/lms\/record\/(\w+)\/([\w-]+)$/.exec(pathname);
      if (record) {
        const key = `${record[1]}/${record[2]}`;
        if (req.method === 'POST') {
          records.set(key, await body(req));
          return send(res, 200, JSON.stringify({ result: true, errorCode: 0 }));
        }
        const saved = records.get(key);
        return saved ? send(res, 200, saved) : send(res, 404, '');
      }
      if (pathname === '/lms/scorm.html')
        return send(res, 200, readFileSync(path.join(here, 'scormLms.html')), TYPES['.html']);
      if (pathname === '/lms/scormLms.js')
        return send(res, 200, readFileSync(path.join(here, 'scormLms.js')), TYPES['.js']);
      const again = /^\/scorm-again\/(scorm12|scorm2004)\.js$/.exec(pathname);
      if (again)
        return send(res, 200, readFileSync(path.join(scormAgain, `${again[1]}.min.js`)), TYPES['.js']);
      if (pathname.startsWith('/pkg/')) {
        const file = path.normalize(path.join(packagesDir, decodeURIComponent(pathname.slice(5))));
        if (!file.startsWith(packagesDir)) return send(res, 403);
        return send(res, 200, readFileSync(file), TYPES[path.extname(file)] ?? 'application/octet-stream');
      }
      send(res, 404);
    } catch (error) {
      send(res, (error as NodeJS.ErrnoException).code === 'ENOENT' ? 404 : 500, String(error), 'text/plain');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    lrs,
    /** The SCORM LMS's record of one learner in one package (scorm-again's last commit), parsed. */
    record(format: 'scorm12' | 'scorm2004', learner: string): Record<string, unknown> | null {
      const text = records.get(`${format}/${learner}`);
      return text ? (JSON.parse(text) as Record<string, unknown>) : null;
    },
    setRecord(format: 'scorm12' | 'scorm2004', learner: string, value: unknown) {
      records.set(`${format}/${learner}`, JSON.stringify(value));
    },
    launch,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
export type LmsSite = Awaited<ReturnType<typeof startLmsSite>>;
