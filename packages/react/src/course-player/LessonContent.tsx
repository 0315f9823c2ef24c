import { LESSON_HTML_SANITIZE_CONFIG } from '@coursekit/core';
import { useEffect, useState } from 'react';
import * as s from '../ui/styles.css';

type Sanitize = (html: string) => string;
let loading: Promise<Sanitize> | null = null;

// DOMPurify is most of a lesson screen's weight and only the lesson screen needs it, so it loads
// with the first lesson rather than with the player.
function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('dompurify').then(
    ({ default: purify }) =>
      (html: string) =>
        // The same allow-list the API's content pipeline uses (core), so both agree on what a lesson may hold.
        purify.sanitize(html, LESSON_HTML_SANITIZE_CONFIG) as string,
  );
  return loading;
}

/** A lesson's HTML, sanitised with DOMPurify on every render (the server's copy is never trusted). */
export function LessonContent({ html }: { html: string }) {
  const [sanitize, setSanitize] = useState<Sanitize | null>(null);
  useEffect(() => {
    let live = true;
    void loadSanitizer().then((fn) => {
      if (live) setSanitize(() => fn);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!sanitize) return <div className={s.lessonContent} aria-busy="true" />;
  return (
    <div
      className={s.lessonContent}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above
      dangerouslySetInnerHTML={{ __html: sanitize(html) }}
    />
  );
}
