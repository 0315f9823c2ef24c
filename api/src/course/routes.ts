import { endpoints } from '@coursekit/core';
import { Router } from 'express';
import type { AppContext } from '../context';
import { moduleParams } from '../http/params';
import { mount } from '../http/route';
import { catalog } from './catalog';
import { courseOutline, listLessons, listModules } from './service';

export function courseRoutes(ctx: AppContext): Router {
  const router = Router();
  mount(router, ctx, endpoints.courses, {}, ({ req }) => catalog(ctx, req));
  mount(router, ctx, endpoints.outline, {}, ({ course }) => courseOutline(ctx, course));
  mount(router, ctx, endpoints.modules, {}, ({ course }) => listModules(ctx, course));
  mount(router, ctx, endpoints.lessons, { params: moduleParams }, ({ course, params }) =>
    listLessons(ctx, course, params.moduleId),
  );
  return router;
}
