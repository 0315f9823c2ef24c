import type { CourseBundle } from '@coursekit/core';
import { inject } from 'vitest';
import './globalSetup';

/** The seed's course as the API exports it (provided by the project's global setup). */
export function seedBundle(): CourseBundle {
  return structuredClone(inject('seedBundle'));
}
