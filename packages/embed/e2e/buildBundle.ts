import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Builds dist/coursekit-embed.iife.js, the file partners load. */
export default function setup(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('../build.mjs', import.meta.url))], {
    stdio: 'inherit',
  });
}
