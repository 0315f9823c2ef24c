import { endpoints } from '@coursekit/core';
import { Router } from 'express';
import type { AppContext } from '../context';
import { attemptParams, quizParams } from '../http/params';
import { mount } from '../http/route';
import { scoresChanged } from '../lti/grades';
import { answerQuestion, completeAttempt, getQuiz, listAttempts, listQuizzes, startAttempt } from './service';

export function quizRoutes(ctx: AppContext): Router {
  const router = Router();
  mount(router, ctx, endpoints.quizzes, {}, ({ auth, course }) => listQuizzes(ctx, course, auth.userId));
  mount(router, ctx, endpoints.quiz, { params: quizParams }, ({ course, params }) =>
    getQuiz(ctx, course, params.quizId),
  );
  mount(
    router,
    ctx,
    endpoints.startAttempt,
    { params: quizParams, status: 201 },
    ({ auth, course, params }) => startAttempt(ctx, course, auth.userId, params.quizId),
  );
  mount(router, ctx, endpoints.attempts, { params: quizParams }, ({ auth, course, params }) =>
    listAttempts(ctx, course, auth.userId, params.quizId),
  );
  mount(router, ctx, endpoints.answer, { params: attemptParams }, ({ auth, params, body }) =>
    answerQuestion(ctx, auth.userId, params.attemptId, body.question_id, body.answer),
  );
  mount(router, ctx, endpoints.complete, { params: attemptParams }, async ({ auth, params, body }) => {
    const completed = await completeAttempt(ctx, auth.userId, params.attemptId, body.answers);
    await scoresChanged(ctx, auth.userId, { attemptId: params.attemptId });
    return completed;
  });
  return router;
}
