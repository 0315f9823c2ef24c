// @coursekit/core/lesson-html: a lesson's markdown to the HTML learners get. A subpath of its own,
// as it brings marked: the API's loader and the studio's preview load it, a learner's page never does.
import { marked } from 'marked';
import { LESSON_HTML_SANITIZE_CONFIG } from './sanitize';

/**
 * What sanitises lesson HTML: DOMPurify on a window (the page's in a browser, jsdom's on a server).
 * Structural, so core needs no DOM of its own.
 */
export interface LessonPurifier {
  /** DOMPurify's `sanitize(html, config)`, answering a string. */
  sanitize(html: string, config: typeof LESSON_HTML_SANITIZE_CONFIG): unknown;
}

/**
 * A lesson's markdown as the learner gets it: marked (GitHub-flavoured) to HTML, then sanitised with
 * the lesson allow-list. The API's content pipeline and the studio's preview both render with this,
 * so the preview shows what publishing would store.
 */
export function lessonHtml(markdown: string, purifier: LessonPurifier): string {
  const html = marked.parse(markdown, { async: false, gfm: true }) as string;
  return String(purifier.sanitize(html, LESSON_HTML_SANITIZE_CONFIG));
}
