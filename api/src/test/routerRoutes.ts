import type { Express } from 'express';

/** One route the Express app answers: its method and its full path, as written when it was mounted. */
export interface RouterRoute {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string | string[];
}

/**
 * Every route of the app, read from the router itself (Express 5 / router 2: `app.router.stack`,
 * a mounted router's layer keeps its mount path in `rawPath`). A route added anywhere shows up here,
 * so the access and input suites cannot forget it.
 */
export function routerRoutes(app: Express): RouterRoute[] {
  const found: RouterRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) {
          if (method === '_all') continue;
          found.push({ method: method.toUpperCase(), path: prefix + layer.route.path });
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return found;
}

export const routeKey = (route: RouterRoute) => `${route.method} ${route.path}`;
