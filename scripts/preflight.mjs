// npm test's first step: the tools `npm install` cannot bring, checked before minutes of tests fail
// on them. Debian's Chromium runs the browser tests (CHROMIUM_PATH overrides, as in the e2e
// harnesses); xmllint validates the LMS packages' manifests against their XSDs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p && existsSync(p),
);
const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

const missing = [];
if (!chromium)
  missing.push({ what: 'Chromium (the browser tests; or set CHROMIUM_PATH)', debian: 'chromium' });
if (!onPath('xmllint'))
  missing.push({ what: 'xmllint (the LMS manifests’ validation)', debian: 'libxml2-utils' });

if (missing.length > 0) {
  for (const m of missing) process.stderr.write(`npm test needs ${m.what}: not found.\n`);
  process.stderr.write(`Install: apt-get install ${missing.map((m) => m.debian).join(' ')}\n`);
  process.exit(1);
}
