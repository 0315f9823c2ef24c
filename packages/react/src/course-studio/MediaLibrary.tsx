import {
  checkImage,
  type DraftFile,
  imageCheckWords,
  imageLabel,
  imagePixelSize,
  lessonNoun,
  type PixelSize,
  type StudioAdapter,
  type StudioOutline,
  type StudioOutlineImage,
} from '@coursekit/core';
import { useEffect, useId, useState } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import { fileBase64, lessonImageSrc } from './draftImages';
import { MediaUpload } from './MediaUpload';
import type { OutlineItem } from './OutlineNav';
import * as st from './studio.css';
import { messageOf } from './useLoad';

// The course's images as a library: each shown as the picture and what it shows (never its file
// name), the lessons using it, and what needs attention (unused, undescribed, too large, with the
// size to save it at). An image is uploaded described and placed, and replaced everywhere it is used:
// its bytes under the same name, or every lesson pointed at another of the library's images.

/** What the library read of an image's bytes: its picture's URL and its pixel size. */
type Facts = { url: string | null; size: PixelSize | null } | { error: string };

function useImageFacts(studio: StudioAdapter, course: string, files: readonly DraftFile[]) {
  const [facts, setFacts] = useState<Record<string, Facts>>({});
  // Read again when an image's revision changes (a replaced image's bytes are new).
  const images = files.filter((f) => f.text === null);
  const key = images.map((f) => `${f.path}@${f.revision}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the images and their revisions
  useEffect(() => {
    let live = true;
    const urls: string[] = [];
    for (const f of images)
      studio.file(course, f.path).then(
        async (blob) => {
          const size = imagePixelSize(new Uint8Array(await blob.arrayBuffer()));
          const url = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : null;
          if (url) urls.push(url);
          if (live) setFacts((all) => ({ ...all, [f.path]: { url, size } }));
        },
        (error) => live && setFacts((all) => ({ ...all, [f.path]: { error: messageOf(error) } })),
      );
    return () => {
      live = false;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [studio, course, key]);
  return facts;
}

export function MediaLibrary({
  studio,
  course,
  outline,
  files,
  edits,
  onSaved,
  onOpen,
}: {
  studio: StudioAdapter;
  course: string;
  outline: StudioOutline;
  files: readonly DraftFile[];
  edits: {
    placeImage: (module: number, lesson: number, image: { src: string; alt: string }) => Promise<void>;
    replaceImageEverywhere: (from: string, to: string) => Promise<void>;
  };
  onSaved: (file: DraftFile) => void;
  onOpen: (item: OutlineItem) => void;
}) {
  const facts = useImageFacts(studio, course, files);
  return (
    <section className={s.stack} aria-labelledby="media-library-title">
      <h3 id="media-library-title" className={s.subheading}>
        Media Library
      </h3>
      <MediaUpload
        studio={studio}
        course={course}
        outline={outline}
        onUploaded={onSaved}
        onPlace={edits.placeImage}
      />
      {outline.images.length === 0 ? (
        <p className={s.muted}>No images yet: upload one above and place it in a lesson.</p>
      ) : (
        <ul className={st.mediaGrid} aria-label="Images">
          {outline.images.map((image) => (
            <MediaItem
              key={image.path}
              studio={studio}
              course={course}
              outline={outline}
              image={image}
              file={files.find((f) => f.path === image.path)}
              facts={facts[image.path]}
              onReplaceBytes={onSaved}
              onReplaceWith={edits.replaceImageEverywhere}
              onOpen={onOpen}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function MediaItem({
  studio,
  course,
  outline,
  image,
  file,
  facts,
  onReplaceBytes,
  onReplaceWith,
  onOpen,
}: {
  studio: StudioAdapter;
  course: string;
  outline: StudioOutline;
  image: StudioOutlineImage;
  file: DraftFile | undefined;
  facts: Facts | undefined;
  onReplaceBytes: (file: DraftFile) => void;
  onReplaceWith: (from: string, to: string) => Promise<void>;
  onOpen: (item: OutlineItem) => void;
}) {
  const id = useId();
  const label = imageLabel(outline, image.path);
  const alt = image.usedIn.find((u) => u.alt)?.alt ?? '';
  const others = outline.images.filter((i) => i.path !== image.path);
  const [other, setOther] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const flags =
    facts && !('error' in facts)
      ? imageCheckWords(checkImage(image, file?.bytes ?? 0, facts.size))
      : imageCheckWords({ ...checkImage(image, 0, null), tooLarge: null });
  const title = (module: number, lesson: number) =>
    outline.modules.find((m) => m.id === module)?.lessons[lesson]?.title ?? '';

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      // The server names the file; the library names the image by what it shows.
      setError(messageOf(e).split(image.path).join(label));
    } finally {
      setBusy(false);
    }
  };
  // The same name, new bytes: every lesson that shows it shows the new picture.
  const replaceBytes = (picked: File | undefined) =>
    picked && file
      ? act(async () => {
          const base64 = await fileBase64(picked);
          onReplaceBytes(await studio.save(course, image.path, { base64 }, file.revision));
        })
      : undefined;

  return (
    <li className={s.card} aria-labelledby={`${id}-label`}>
      {facts && 'error' in facts ? (
        <p className={a.fieldError}>The picture could not be read: {facts.error}</p>
      ) : facts?.url ? (
        <img className={st.mediaThumb} src={facts.url} alt={alt} />
      ) : !facts ? (
        <p className={s.muted} aria-busy="true">
          Loading the picture...
        </p>
      ) : null}
      <h4 id={`${id}-label`} className={st.outlineHeading}>
        {label}
      </h4>
      {facts && !('error' in facts) && facts.size ? (
        <p className={a.small}>
          {facts.size.width} × {facts.size.height} px, {Math.round((file?.bytes ?? 0) / 1024)} KB
        </p>
      ) : null}
      {image.usedIn.length > 0 ? (
        <ul className={s.list} aria-label={`Used in (${label})`}>
          {image.usedIn.map((u) => (
            <li key={`${u.module}-${u.lesson}`}>
              <button
                type="button"
                className={`${s.button.secondary} ${a.smallButton}`}
                onClick={() => onOpen({ kind: 'lesson', module: u.module, lesson: u.lesson })}
              >
                {lessonNoun(u.module, u.lesson)}: {title(u.module, u.lesson)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {flags.length > 0 ? (
        <ul className={st.problems} aria-label={`Needs attention (${label})`}>
          {flags.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      ) : null}
      <div className={a.field}>
        <label htmlFor={`${id}-bytes`}>
          Replace the picture everywhere<span className={s.visuallyHidden}> ({label})</span>
        </label>
        <input
          id={`${id}-bytes`}
          type="file"
          accept="image/svg+xml,image/png,image/jpeg,image/gif,image/webp"
          disabled={busy || !file}
          onChange={(e) => void replaceBytes(e.target.files?.[0])}
        />
      </div>
      {others.length > 0 && image.usedIn.length > 0 ? (
        <div className={a.field}>
          <label htmlFor={`${id}-other`}>
            Or show another image instead<span className={s.visuallyHidden}> of {label}</span>
          </label>
          <div className={s.row}>
            <select
              id={`${id}-other`}
              className={s.select}
              value={other || others[0]!.path}
              onChange={(e) => setOther(e.target.value)}
            >
              {others.map((o) => (
                <option key={o.path} value={o.path}>
                  {imageLabel(outline, o.path)}
                </option>
              ))}
            </select>
            <button
              type="button"
              className={`${s.button.secondary} ${a.smallButton}`}
              disabled={busy}
              onClick={() =>
                void act(() =>
                  onReplaceWith(lessonImageSrc(image.path), lessonImageSrc(other || others[0]!.path)),
                )
              }
            >
              Replace Everywhere<span className={s.visuallyHidden}> ({label})</span>
            </button>
          </div>
        </div>
      ) : null}
      {error ? (
        <p className={a.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
