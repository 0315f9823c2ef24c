import { lessonHtml } from '@coursekit/core/lesson-html';
import { useEffect, useRef, useState } from 'react';
import { LessonContent } from '../course-player/LessonContent';
import * as s from '../ui/styles.css';
import { StudioLoading } from './StudioLoading';

export interface LessonPreviewProps {
  /** The lesson's body as markdown. */
  markdown: string;
  /** Shows a lesson image's path (`/storage/image-assets/x`) as a URL the page can load. */
  resolveImage: (src: string) => Promise<string>;
}

type Render = (markdown: string) => string;
let loading: Promise<Render> | null = null;
// The same step as publishing (core's lessonHtml: marked with GFM, then the lesson allow-list), on
// the page's own DOMPurify; loaded with the first preview.
const loadRender = (): Promise<Render> => {
  loading ??= import('dompurify').then(
    ({ default: purify }) =>
      (markdown) =>
        lessonHtml(markdown, purify),
  );
  return loading;
};

/**
 * A lesson as a learner will see it: the HTML publishing would store, shown by the CoursePlayer's own
 * LessonContent (its sanitiser and styles). Draft images show through `resolveImage`, swapped in after
 * LessonContent renders (its allow-list keeps no blob: URLs, rightly, for learners); while any is on
 * its way, the preview says so.
 */
export default function LessonPreview({ markdown, resolveImage }: LessonPreviewProps) {
  const [render, setRender] = useState<Render | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  // The pictures asked for and not yet shown (each <img> is asked for once per src).
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    let live = true;
    void loadRender().then((fn) => live && setRender(() => fn));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    const root = frame.current;
    if (!root) return;
    const swap = () => {
      for (const img of root.querySelectorAll('img')) {
        const src = img.getAttribute('src') ?? '';
        if (img.dataset.lessonSrc === src || img.dataset.lessonAsked === src) continue;
        img.dataset.lessonAsked = src;
        setWaiting((n) => n + 1);
        void resolveImage(src).then((url) => {
          setWaiting((n) => n - 1);
          if (img.getAttribute('src') !== src) return;
          img.dataset.lessonSrc = url;
          img.src = url;
        });
      }
    };
    swap();
    const observer = new MutationObserver(swap);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [resolveImage]);
  return (
    <div ref={frame} className={s.card} aria-busy={render === null || waiting > 0}>
      {render ? <LessonContent html={render(markdown)} /> : <StudioLoading what="the preview" />}
      {waiting > 0 ? <StudioLoading what="the lesson’s pictures" /> : null}
    </div>
  );
}
