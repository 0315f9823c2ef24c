import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { CourseBundle } from '@coursekit/core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seed's course as the API exports it (loaded once per run into an embedded database). */
    seedBundle: CourseBundle;
  }
}

/**
 * Loads the real course once for every test file of the project: the API's own loader, in a child
 * process (global setup runs outside the workspaces' `source` resolution).
 */
export default async function setup(project: TestProject): Promise<void> {
  const script = fileURLToPath(new URL('./printSeedBundle.ts', import.meta.url));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', script],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  project.provide('seedBundle', JSON.parse(stdout) as CourseBundle);
}
