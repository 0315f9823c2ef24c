// Build tooling of the repo, not a published module. Runs a build script (a node file) at most once
// per process: the vitest projects' global setups all run in vitest's main process, and several of
// them need the same artefact (the embed bundle: the embed's and the site's browser tests).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

globalThis.__coursekitBuilds ??= new Map();
const builds = globalThis.__coursekitBuilds;

/** Runs `node script` once per process (later calls share the first's promise); rejects with its output. */
export function buildOnce(script) {
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
