import type { Express } from 'express';

/** One route the Express app answers: its method and its full path, as written when it was mounted. */
export interface RouterRoute {
  method: string;
  path: string;
}

interface Route {
  path: string;
  methods: Record<string, boolean>;
}
interface Layer {
  route?: Route;
  handle?: { stack?: Layer[] };
  rawPath?: string | string[];
}

/** Every route object of the app with its full path (its routers' mount paths joined to its own). */
function walk(app: Express, visit: (route: Route, path: string) => void): void {
  const descend = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) visit(layer.route, prefix + layer.route.path);
      else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        descend(layer.handle.stack, prefix + mount);
      }
    }
  };
  descend((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
}

/**
 * Every route of the app, read from the router itself (Express 5 / router 2: `app.router.stack`,
 * a mounted router's layer keeps its mount path in `rawPath`). A route added anywhere shows up here,
 * so the access and input suites cannot forget it.
 */
export function routerRoutes(app: Express): RouterRoute[] {
  const found: RouterRoute[] = [];
  walk(app, (route, path) => {
    for (const method of Object.keys(route.methods)) {
      if (method !== '_all') found.push({ method: method.toUpperCase(), path });
    }
  });
  return found;
}

export const routeKey = (route: RouterRoute) => `${route.method} ${route.path}`;

const patterns = new WeakMap<object, WeakMap<object, string>>();
const unknown = new WeakSet<object>();

/**
 * The full path pattern (`/api/progress/lessons/:lessonKey`) of the route that answered a request,
 * from `req.route`; undefined when no route did (static files, 404). Read when the answer is sent:
 * by then Express may have left the router that matched (an error handled at the app's level), so
 * the pattern comes from the app's route table rather than from `req.baseUrl`.
 */
export function routePattern(app: object, route: object | undefined): string | undefined {
  if (!route) return undefined;
  let table = patterns.get(app);
  // Built at the first answer (every route is mounted by then); built again once for a route added later.
  if (!table || (!table.has(route) && !unknown.has(route))) {
    const built = new WeakMap<object, string>();
    walk(app as Express, (r, path) => built.set(r, path));
    patterns.set(app, built);
    table = built;
    if (!built.has(route)) unknown.add(route);
  }
  return table.get(route);
}
