import type { DraftFile, StudioAdapter, StudioOutline } from '@coursekit/core';
import { type DragEvent, type FormEvent, useId, useState } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import { draftImagePath, lessonImageSrc, uploadDraftImage } from './draftImages';
import * as st from './studio.css';
import { messageOf } from './useLoad';

const ACCEPT = 'image/svg+xml,image/png,image/jpeg,image/gif,image/webp';

/**
 * The media library's upload: an image dropped or picked, described (as the image dialog asks, the
 * alt text is not optional) and placed at the end of a lesson, so no image arrives undescribed.
 */
export function MediaUpload({
  studio,
  course,
  outline,
  onUploaded,
  onPlace,
}: {
  studio: StudioAdapter;
  course: string;
  outline: StudioOutline;
  onUploaded: (file: DraftFile) => void;
  onPlace: (module: number, lesson: number, image: { src: string; alt: string }) => Promise<void>;
}) {
  const id = useId();
  const [picked, setPicked] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const lessons = outline.modules.flatMap((m) =>
    m.lessons.map((l, i) => ({
      value: `${m.id}:${i}`,
      label: `Lesson ${i + 1} of Module ${m.id}: ${l.title}`,
    })),
  );
  const [place, setPlace] = useState('');
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const [errors, setErrors] = useState<{ image?: string; alt?: string; place?: string; form?: string }>({});
  const [done, setDone] = useState('');

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file) setPicked(file);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const target = place || lessons[0]?.value || '';
    const found: typeof errors = {};
    if (!picked) found.image = 'Drop an image here or choose one';
    if (!alt.trim()) found.alt = 'Describe the image for learners who cannot see it';
    if (!target) found.place = 'Add a lesson first: an image is placed in one';
    setErrors(found);
    setDone('');
    if (!picked || found.alt || found.place) return;
    setBusy(true);
    try {
      const saved = await uploadDraftImage(studio, course, picked);
      onUploaded(saved);
      const [module, lesson] = target.split(':').map(Number) as [number, number];
      await onPlace(module, lesson, {
        src: lessonImageSrc(saved.path),
        alt: alt.trim().replace(/\s+/g, ' '),
      });
      setDone(`Uploaded and placed in ${lessons.find((l) => l.value === target)?.label ?? 'the lesson'}.`);
      setPicked(null);
      setAlt('');
    } catch (error) {
      // The server names the file; the library names no file.
      setErrors({
        form: messageOf(error).split(draftImagePath(course, picked)).join('An image of that name'),
      });
    } finally {
      setBusy(false);
    }
  }

  const described = (key: keyof typeof errors) =>
    errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${key}-error` } : {};
  const error = (key: keyof typeof errors) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className={a.fieldError}>
        {errors[key]}
      </p>
    ) : null;

  return (
    <form className={s.stack} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className={st.outlineHeading}>
        Upload an Image
      </h4>
      <fieldset
        className={st.dropZone}
        data-over={over ? 'true' : undefined}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <legend className={s.visuallyHidden}>Image to upload</legend>
        <label htmlFor={`${id}-image`}>Drop an image here, or choose one</label>
        <input
          id={`${id}-image`}
          type="file"
          accept={ACCEPT}
          disabled={busy}
          onChange={(e) => setPicked(e.target.files?.[0] ?? null)}
          {...described('image')}
        />
        {picked ? <p className={a.small}>Ready: an image of {Math.round(picked.size / 1024)} KB.</p> : null}
        {error('image')}
      </fieldset>
      <div className={a.field}>
        <label htmlFor={`${id}-alt`}>Alt text (what the image shows)</label>
        <textarea
          id={`${id}-alt`}
          className={a.input}
          rows={2}
          value={alt}
          onChange={(e) => setAlt(e.target.value)}
          {...described('alt')}
        />
        {error('alt')}
      </div>
      <div className={a.field}>
        <label htmlFor={`${id}-place`}>Place it at the end of</label>
        <select
          id={`${id}-place`}
          className={s.select}
          value={place || lessons[0]?.value || ''}
          onChange={(e) => setPlace(e.target.value)}
          {...described('place')}
        >
          {lessons.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </select>
        {error('place')}
      </div>
      {errors.form ? (
        <p className={a.fieldError} role="alert">
          {errors.form}
        </p>
      ) : null}
      <p className={s.muted} aria-live="polite">
        {done}
      </p>
      <div className={s.row}>
        <button type="submit" className={s.button.primary} disabled={busy}>
          {busy ? 'Uploading...' : 'Upload and Place'}
        </button>
      </div>
    </form>
  );
}
