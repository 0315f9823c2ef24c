import { type DraftFile, imageLabel, type StudioAdapter, studioOutline } from '@coursekit/core';
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useEffect, useId, useState } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import { usePortalContainer } from '../ui/WidgetRoot';
import { lessonImageSrc, uploadDraftImage } from './draftImages';

export interface ImageDialogProps {
  studio: StudioAdapter;
  course: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The chosen image's lesson path and its alt text (never empty). */
  onInsert: (image: { src: string; alt: string }) => void;
  /** An image uploaded from the dialog, now a file of the draft. */
  onUploaded?: (file: DraftFile) => void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Puts an image into a lesson: one of the draft's images or a new upload, and its alt text, which the
 * dialog will not go without (a lesson with an undescribed image cannot be saved or published).
 */
export function ImageDialog({ studio, course, open, onOpenChange, onInsert, onUploaded }: ImageDialogProps) {
  const id = useId();
  const container = usePortalContainer();
  // Each image with its name in the outline's words (what a lesson says it shows), never its file name.
  const [images, setImages] = useState<Array<{ path: string; label: string }>>([]);
  const [path, setPath] = useState('');
  const [alt, setAlt] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ image?: string; alt?: string }>({});

  useEffect(() => {
    if (!open) return;
    let live = true;
    setAlt('');
    setErrors({});
    studio.draft(course).then(
      (draft) => {
        if (!live) return;
        const outline = studioOutline(draft.files);
        const found = outline.images.map((i) => ({ path: i.path, label: imageLabel(outline, i.path) }));
        setImages(found);
        setPath((p) => p || found[0]?.path || '');
      },
      (error) => live && setErrors({ image: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [open, studio, course]);

  async function upload(picked: File | undefined) {
    if (!picked) return;
    setBusy(true);
    setErrors({});
    try {
      const saved = await uploadDraftImage(studio, course, picked);
      setImages((list) => [
        ...list.filter((i) => i.path !== saved.path),
        { path: saved.path, label: 'The image just uploaded' },
      ]);
      setPath(saved.path);
      onUploaded?.(saved);
    } catch (error) {
      setErrors({ image: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!path) found.image = 'Choose an image or upload one';
    if (!alt.trim()) found.alt = 'Describe the image for learners who cannot see it';
    setErrors(found);
    if (found.image || found.alt) return;
    onInsert({ src: lessonImageSrc(path), alt: alt.trim().replace(/\s+/g, ' ') });
    onOpenChange(false);
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal container={container}>
        <Dialog.Overlay className={s.overlay} />
        <Dialog.Content className={`${s.dialog} ${a.wideDialog}`}>
          <Dialog.Title className={s.subheading}>Insert Image</Dialog.Title>
          <Dialog.Description className={s.muted}>
            Choose one of the course's images or upload one, and describe it for learners who cannot see it.
          </Dialog.Description>
          <form className={s.stack} onSubmit={submit} noValidate>
            <div className={a.field}>
              <label htmlFor={`${id}-image`}>Image</label>
              <select
                id={`${id}-image`}
                className={s.select}
                value={path}
                onChange={(e) => setPath(e.target.value)}
                aria-invalid={errors.image ? true : undefined}
                aria-describedby={errors.image ? `${id}-image-error` : undefined}
              >
                {images.length === 0 ? <option value="">No images yet: upload one</option> : null}
                {images.map((i) => (
                  <option key={i.path} value={i.path}>
                    {i.label}
                  </option>
                ))}
              </select>
              {errors.image ? (
                <p id={`${id}-image-error`} className={a.fieldError}>
                  {errors.image}
                </p>
              ) : null}
            </div>
            <div className={a.field}>
              <label htmlFor={`${id}-upload`}>Or upload a new image</label>
              <input
                id={`${id}-upload`}
                type="file"
                accept="image/svg+xml,image/png,image/jpeg,image/gif,image/webp"
                disabled={busy}
                onChange={(e) => void upload(e.target.files?.[0])}
              />
            </div>
            <div className={a.field}>
              <label htmlFor={`${id}-alt`}>Alt text (what the image shows)</label>
              <textarea
                id={`${id}-alt`}
                className={a.input}
                rows={3}
                value={alt}
                onChange={(e) => setAlt(e.target.value)}
                aria-invalid={errors.alt ? true : undefined}
                aria-describedby={errors.alt ? `${id}-alt-error` : undefined}
              />
              {errors.alt ? (
                <p id={`${id}-alt-error`} className={a.fieldError}>
                  {errors.alt}
                </p>
              ) : null}
            </div>
            <div className={s.row}>
              <button type="submit" className={s.button.primary} disabled={busy}>
                Insert Image
              </button>
              <Dialog.Close className={s.button.secondary}>Cancel</Dialog.Close>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
