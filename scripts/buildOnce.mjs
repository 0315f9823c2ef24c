// Build tooling of the repo, not a published module. Runs a build script (a node file) at most once
// per process: the vitest projects' global setups all run in vitest's main process, and several of
// them need the same artefact (the embed bundle: the embed's and the site's browser tests).
import { execFile } from 'node:child_process';
import { delimiter } from 'node:path';
import { promisify } from 'node:util';

globalThis.__coursekitBuilds ??= new Map();
const builds = globalThis.__coursekitBuilds;

/**
 * Scripts a parent process has run already for this run (npm test builds the embed before its lanes
 * start, so two vitest processes never write the same dist folder at once): their paths, joined by
 * the path delimiter.
 */
const builtByParent = new Set((process.env.COURSEKIT_BUILT ?? '').split(delimiter).filter(Boolean));

/** Runs `node script` once per process (later calls share the first's promise); rejects with its output. */
export function buildOnce(script) {
  if (builtByParent.has(script)) return Promise.resolve();
  if (!builds.has(script)) {
    builds.set(
      script,
      promisify(execFile)(process.execPath, [script], { maxBuffer: 16 * 1024 * 1024 }).catch((err) => {
        throw new Error(`${script} failed:\n${err.stdout ?? ''}\n${err.stderr ?? err.message}`);
      }),
    );
  }
  return builds.get(script);
}
