import { describe } from 'vitest';
import type { AdminAdapter } from '../adapter/AdminAdapter';
import type { CourseAdapter } from '../adapter/CourseAdapter';
import { runAdminAnalyticsChecks } from './adminAnalyticsChecks';
import { runAdminCourseChecks } from './adminCourseChecks';
import { runAdminLtiChecks } from './adminLtiChecks';
import { runAdminOrganisationChecks } from './adminOrganisationChecks';
import { runAdminProgressChecks } from './adminProgressChecks';
import { runAdminSystemChecks } from './adminSystemChecks';
import { runAdminUserChecks } from './adminUserChecks';

/** A backend as the admin checks see it: an admin on it, and learners who come and go. */
export interface AdminWorld {
  /** A new adapter's admin part, signed in as an administrator. */
  makeAdmin: () => Promise<AdminAdapter>;
  /** A new signed-out learner adapter on the same backend. */
  makeAdapter: () => Promise<CourseAdapter> | CourseAdapter;
  /**
   * Writes what no endpoint writes, straight into the backend's rows, for the Stable Tracking
   * checks: progress records from before lesson keys (legacy) and records of a lesson that is gone.
   */
  seed: {
    /** The learner's record of this lesson loses its key and becomes 'legacy'. */
    legacyProgress: (userId: string, lessonKey: string) => Promise<void>;
    /** A completed record of a lesson no longer in the course (no such key, no such id). */
    orphanedProgress: (userId: string) => Promise<void>;
    /** An active lesson whose content holds `url` as its one image link, by `lessonId`. */
    imageLink: (lessonId: number, url: string) => Promise<void>;
  };
}

/**
 * What a backend under test provides: the shared `world` (every check may add users to it; each
 * uses its own), and `isolatedWorld` for checks whose figures count every account (analytics, the
 * image tools over every lesson), which must start from the course and one admin alone.
 */
export interface AdminConformanceHarness {
  world: AdminWorld;
  isolatedWorld: () => Promise<AdminWorld & { close?: () => Promise<void> }>;
}

/**
 * admin.md's behaviours, as every backend of an AdminAdapter must show them: the mocks run it in
 * memory and over their MSW handlers, the API runs it live on PGlite and PostgreSQL, so the two
 * cannot drift. Every refusal it checks compares the code and the message.
 */
export function runAdminConformance(name: string, harness: AdminConformanceHarness): void {
  describe(`AdminAdapter conformance: ${name}`, () => {
    runAdminUserChecks(harness);
    runAdminProgressChecks(harness);
    runAdminSystemChecks(harness);
    runAdminAnalyticsChecks(harness);
    runAdminCourseChecks(harness);
    runAdminLtiChecks(harness);
    runAdminOrganisationChecks(harness);
  });
}
