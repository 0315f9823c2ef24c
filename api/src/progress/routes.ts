import { endpoints } from '@coursekit/core';
import { Router } from 'express';
import type { AppContext } from '../context';
import { lessonKeyParams, moduleParams } from '../http/params';
import { mount } from '../http/route';
import { progressState, resetModule, resetProgress, setLessonCompleted } from './service';

export function progressRoutes(ctx: AppContext): Router {
  const router = Router();
  mount(router, ctx, endpoints.progress, {}, ({ auth }) => progressState(ctx, auth.userId));
  mount(router, ctx, endpoints.setLessonCompleted, { params: lessonKeyParams }, ({ auth, params, body }) =>
    setLessonCompleted(ctx, auth.userId, params.lessonKey, body.completed),
  );
  mount(router, ctx, endpoints.resetProgress, {}, ({ auth }) => resetProgress(ctx, auth.userId));
  mount(router, ctx, endpoints.resetModule, { params: moduleParams }, ({ auth, params }) =>
    resetModule(ctx, auth.userId, params.moduleId),
  );
  return router;
}
