import {
  type AdminUserView,
  type AnswerLetter,
  adminEndpoints,
  type CompletedAttempt,
  type endpoints,
  type JobStatus,
  type Page,
  type ProgressState,
  type Role,
  type Session,
} from '@coursekit/core';
import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';

// The types a partner's server or client infers from the endpoint tables (the public contract).
type Body<E> = E extends { body: infer S extends z.ZodMiniType } ? z.infer<S> : never;
type Answer<E> = E extends { answer: infer S extends z.ZodMiniType } ? z.infer<S> : never;

describe('the learner endpoint table infers its bodies and answers', () => {
  it('sign-in sends e-mail and password and answers a session', () => {
    expectTypeOf<Body<typeof endpoints.signIn>>().toEqualTypeOf<{ email: string; password: string }>();
    expectTypeOf<Answer<typeof endpoints.signIn>>().toEqualTypeOf<Session>();
  });

  it('sign-up may carry a name, and answers the user with a session or null', () => {
    expectTypeOf<Body<typeof endpoints.signUp>>().toEqualTypeOf<{
      email: string;
      password: string;
      name?: string | undefined;
    }>();
    expectTypeOf<Answer<typeof endpoints.signUp>['session']>().toEqualTypeOf<Session | null>();
  });

  it('progress writes send completed and answer the records with the summary', () => {
    expectTypeOf<Body<typeof endpoints.setLessonCompleted>>().toEqualTypeOf<{ completed: boolean }>();
    expectTypeOf<Answer<typeof endpoints.setLessonCompleted>>().toEqualTypeOf<ProgressState>();
    expectTypeOf<Answer<typeof endpoints.resetModule>>().toEqualTypeOf<ProgressState>();
  });

  it('an answer is one question and one of the letters A to D; completing answers the graded attempt', () => {
    expectTypeOf<Body<typeof endpoints.answer>>().toEqualTypeOf<{
      question_id: number;
      answer: AnswerLetter;
    }>();
    expectTypeOf<AnswerLetter>().toEqualTypeOf<'A' | 'B' | 'C' | 'D'>();
    expectTypeOf<Answer<typeof endpoints.complete>>().toEqualTypeOf<CompletedAttempt>();
  });

  it('the answer key never reaches the learner before an answer is committed', () => {
    type Question = Answer<typeof endpoints.quiz>['questions'][number];
    expectTypeOf<Question>().not.toHaveProperty('correct_answer');
    expectTypeOf<Question>().not.toHaveProperty('explanation');
  });

  it('sign-out may name the refresh token to revoke, and answers nothing (204)', () => {
    expectTypeOf<Body<typeof endpoints.signOut>>().toEqualTypeOf<{ refresh_token?: string | undefined }>();
    expectTypeOf<Answer<typeof endpoints.signOut>>().toBeNever();
  });
});

describe('the admin endpoint table infers its bodies and answers', () => {
  it('the user list answers a page of users', () => {
    expectTypeOf<Answer<typeof adminEndpoints.adminUsers>>().toEqualTypeOf<Page<AdminUserView>>();
  });

  it('a role change sends one role and answers the user’s roles', () => {
    expectTypeOf<Body<typeof adminEndpoints.adminAssignRole>>().toEqualTypeOf<{ role: Role }>();
    expectTypeOf<Answer<typeof adminEndpoints.adminAssignRole>>().toEqualTypeOf<{ roles: Role[] }>();
    expectTypeOf<Role>().toEqualTypeOf<'admin' | 'moderator' | 'user'>();
  });

  it('an image tool starts a job (202) whose status is polled', () => {
    expectTypeOf(adminEndpoints.adminAnalyzeImages.status).toEqualTypeOf<202>();
    expectTypeOf<Answer<typeof adminEndpoints.adminAnalyzeImages>>().toEqualTypeOf<JobStatus>();
    expectTypeOf<Answer<typeof adminEndpoints.adminJob>>().toEqualTypeOf<JobStatus>();
  });

  it('every admin endpoint needs the admin role', () => {
    expectTypeOf<(typeof adminEndpoints)[keyof typeof adminEndpoints]['auth']>().toEqualTypeOf<'admin'>();
  });
});
