import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApiProcess } from '@coursekit/api/testing';
import type { PackageFormat } from '@coursekit/core';
import { unzipSync } from 'fflate';
import type { TestProject } from 'vitest/node';
import { buildOnce } from '../../../scripts/buildOnce.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the three exported packages are unzipped: {dir}/scorm12, {dir}/scorm2004, {dir}/cmi5. */
    packagesDir: string;
    /** Each package's zip size in bytes, as the API answered it. */
    zipBytes: Record<string, number>;
  }
}

// Global setup runs without the workspaces' `source` resolution: nothing but types from @coursekit/core.
const PACKAGE_FORMATS: PackageFormat[] = ['scorm12', 'scorm2004', 'cmi5'];
const ADMIN = { email: 'admin@lms-e2e.example', password: 'Lms-Export-2026' };

/**
 * Builds the package player, starts the real API, signs in as an admin and exports the course in
 * each format through the admin call the console's buttons use; unzips each as an LMS would.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  await buildOnce(fileURLToPath(new URL('../build.mjs', import.meta.url)));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-lms-e2e-'));
  const api = await startApiProcess({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  const zipBytes: Record<string, number> = {};
  try {
    const signIn = await fetch(`${api.api}/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!signIn.ok) throw new Error(`admin sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const token = (await signIn.json()).access_token as string;
    for (const format of PACKAGE_FORMATS) {
      const res = await fetch(`${api.api}/admin/content/package?format=${format}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!res.ok) throw new Error(`export ${format} failed: ${res.status} ${await res.text()}`);
      const zip = new Uint8Array(await res.arrayBuffer());
      zipBytes[format] = zip.byteLength;
      for (const [name, data] of Object.entries(unzipSync(zip))) {
        const file = path.join(dir, format, name);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, data);
      }
    }
  } finally {
    await api.stop();
  }
  project.provide('packagesDir', dir);
  project.provide('zipBytes', zipBytes);
  return () => rmSync(dir, { recursive: true, force: true });
}
