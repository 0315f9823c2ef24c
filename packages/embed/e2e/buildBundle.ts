import { fileURLToPath } from 'node:url';
import { buildOnce } from '../../../scripts/buildOnce.mjs';

/** Builds dist/coursekit-embed.iife.js, the file partners load (once per run: the site's e2e needs it too). */
export default async function setup(): Promise<void> {
  await buildOnce(fileURLToPath(new URL('../build.mjs', import.meta.url)));
}
