import { endpoints } from '@coursekit/core';
import { Router } from 'express';
import type { AppContext } from '../context';
import { lessonKeyParams, moduleParams } from '../http/params';
import { mount } from '../http/route';
import { scoresChanged } from '../lti/grades';
import { progressState, resetModule, resetProgress, setLessonCompleted } from './service';

export function progressRoutes(ctx: AppContext): Router {
  const router = Router();
  mount(router, ctx, endpoints.progress, {}, ({ auth, course }) => progressState(ctx, course, auth.userId));
  mount(
    router,
    ctx,
    endpoints.setLessonCompleted,
    { params: lessonKeyParams },
    async ({ auth, course, params, body }) => {
      const state = await setLessonCompleted(ctx, course, auth.userId, params.lessonKey, body.completed);
      await scoresChanged(ctx, auth.userId, course.id);
      return state;
    },
  );
  mount(router, ctx, endpoints.resetProgress, {}, ({ auth, course }) =>
    resetProgress(ctx, course, auth.userId),
  );
  mount(router, ctx, endpoints.resetModule, { params: moduleParams }, ({ auth, course, params }) =>
    resetModule(ctx, course, auth.userId, params.moduleId),
  );
  return router;
}
