import { endpoints } from '@coursekit/core';
import { Router } from 'express';
import type { AppContext } from '../context';
import { moduleParams } from '../http/params';
import { mount } from '../http/route';
import { courseOutline, listLessons, listModules } from './service';

export function courseRoutes(ctx: AppContext): Router {
  const router = Router();
  mount(router, ctx, endpoints.outline, {}, () => courseOutline(ctx));
  mount(router, ctx, endpoints.modules, {}, () => listModules(ctx));
  mount(router, ctx, endpoints.lessons, { params: moduleParams }, ({ params }) =>
    listLessons(ctx, params.moduleId),
  );
  return router;
}
