import { readFileSync } from 'node:fs';
import path from 'node:path';

// Reads the .cpuprofile files `node --cpu-prof` writes and sums self time per function (and per
// package), within a time window when given: where the API's CPU went under load, as text.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code comes from: a package name, "node:" internals, our source, or V8's own. */
function origin(url: string): string {
  if (!url) return '(V8)';
  if (url.startsWith('node:')) return 'node';
  const nm = url.lastIndexOf('node_modules/');
  if (nm !== -1) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const src = url.indexOf('/api/src/');
  if (src !== -1) return 'api/src';
  const pkg = /\/packages\/([^/]+)\//.exec(url);
  return pkg ? `@coursekit/${pkg[1]}` : path.basename(url);
}

/**
 * Self time per function and per origin over every profile (a cluster writes one per worker), as a
 * table of the top `top` entries. `windows` are [start, end] in µs of the monotonic clock
 * (process.hrtime), the clock V8 stamps samples with, so setup and shutdown can be left out.
 */
export function summariseProfiles(files: string[], windows?: Array<[number, number]>, top = 25): string {
  const selfUs = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    let at = profile.startTime;
    for (let i = 0; i < profile.samples.length; i++) {
      const delta = profile.timeDeltas[i] ?? 0;
      at += delta;
      if (windows && !windows.some(([from, to]) => at >= from && at <= to)) continue;
      const next = profile.timeDeltas[i + 1] ?? 0; // a sample stands for the time until the next one
      const node = nodes.get(profile.samples[i]!)!;
      const { functionName, url, lineNumber } = node.callFrame;
      if (functionName === '(idle)') continue;
      const where = origin(url);
      const key = `${functionName || '(anonymous)'}  ${where}${url ? ` ${path.basename(url)}:${lineNumber + 1}` : ''}`;
      selfUs.set(key, (selfUs.get(key) ?? 0) + next);
      byOrigin.set(where, (byOrigin.get(where) ?? 0) + next);
      total += next;
    }
  }
  const pct = (us: number) => `${((us / Math.max(total, 1)) * 100).toFixed(1).padStart(5)}%`;
  const lines = [`busy samples: ${(total / 1e6).toFixed(1)} s of CPU`, '', 'self time by origin:'];
  for (const [where, us] of [...byOrigin].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    lines.push(`  ${pct(us)}  ${where}`);
  }
  lines.push('', `top ${top} functions by self time:`);
  for (const [key, us] of [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, top))
    lines.push(`  ${pct(us)}  ${key}`);
  return lines.join('\n');
}

// `tsx api/bench/cpuProfile.ts a.cpuprofile [b.cpuprofile…]`
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  process.stdout.write(`${summariseProfiles(process.argv.slice(2))}\n`);
}
