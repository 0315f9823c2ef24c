import type { CourseBundle } from '@coursekit/core';
import { xml } from './xml';

/**
 * The page the LMS launches. No inline script (some LMSs serve packages with a strict CSP): the
 * player reads the course from data/course.json and mounts on #coursekit.
 */
export function packageIndexHtml(bundle: CourseBundle): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${xml(bundle.course.title)}</title>
    <link rel="stylesheet" href="player.css">
  </head>
  <body>
    <main id="coursekit" data-course="data/course.json"></main>
    <noscript>This course needs JavaScript to run.</noscript>
    <script src="player.js"></script>
  </body>
</html>
`;
}
