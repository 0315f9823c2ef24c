import {
  IMAGE_ASSET_PATH,
  imageLabel,
  lessonNoun,
  type StudioAdapter,
  type StudioOutline,
} from '@coursekit/core';
import { useEffect, useState } from 'react';
import * as s from '../ui/styles.css';
import { useDraftImageUrls } from './draftImages';
import type { OutlineItem } from './OutlineNav';

// One image of the course, as the outline shows it: the picture and the lessons that use it.

export function OutlineImage({
  studio,
  course,
  outline,
  path,
  onOpen,
}: {
  studio: StudioAdapter;
  course: string;
  outline: StudioOutline;
  path: string;
  /** Opens a lesson that uses the image. */
  onOpen: (item: OutlineItem) => void;
}) {
  const image = outline.images.find((i) => i.path === path);
  const resolve = useDraftImageUrls(studio, course);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void resolve(`${IMAGE_ASSET_PATH}${encodeURIComponent(path.slice('images/'.length))}`).then((u) => {
      if (live) setUrl(u);
    });
    return () => {
      live = false;
    };
  }, [resolve, path]);
  if (!image) return <p className={s.muted}>This image is no longer in the course.</p>;
  const label = imageLabel(outline, path);
  const alt = image.usedIn.find((u) => u.alt)?.alt ?? '';
  return (
    <section className={s.stack} aria-label={label}>
      <h3 className={s.subheading}>{label}</h3>
      {url ? <img src={url} alt={alt} style={{ maxWidth: '100%', maxHeight: '16rem' }} /> : null}
      {image.usedIn.length === 0 ? (
        <p className={s.muted}>
          No lesson uses it yet: insert it from a lesson's Image button, with a description.
        </p>
      ) : (
        <ul className={s.list} aria-label="Used in">
          {image.usedIn.map((u) => (
            <li key={`${u.module}-${u.lesson}`}>
              <button
                type="button"
                className={s.button.secondary}
                onClick={() => onOpen({ kind: 'lesson', module: u.module, lesson: u.lesson })}
              >
                Open {lessonNoun(u.module, u.lesson)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
