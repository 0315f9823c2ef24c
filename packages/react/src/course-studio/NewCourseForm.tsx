import { COURSE_SLUG_PATTERN, type StudioAdapter, type StudioCourse } from '@coursekit/core';
import { type FormEvent, useId, useState } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import { messageOf } from './useLoad';

// A new course: its title, its slug (made from the title until the author edits it), empty or a copy.

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);

export function NewCourseForm({
  studio,
  courses,
  onCreated,
}: {
  studio: StudioAdapter;
  courses: StudioCourse[];
  onCreated: (slug: string) => void;
}) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [copyOf, setCopyOf] = useState('');
  const [errors, setErrors] = useState<{ title?: string; slug?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const shownSlug = slugEdited ? slug : slugOf(title);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!title.trim()) found.title = 'Enter a title';
    if (!COURSE_SLUG_PATTERN.test(shownSlug)) found.slug = 'Lower-case words joined by hyphens';
    setErrors(found);
    if (found.title || found.slug) return;
    setBusy(true);
    try {
      const made = await studio.create({
        slug: shownSlug,
        title: title.trim(),
        ...(copyOf ? { copyOf } : {}),
      });
      onCreated(made.slug);
    } catch (error) {
      const fields = (error as { fields?: Record<string, string> }).fields ?? {};
      const code = (error as { code?: string }).code;
      // A slug another course has is the slug field's problem; anything else the form's.
      setErrors({
        ...(fields.title ? { title: fields.title } : {}),
        ...(fields.slug || code === 'conflict' ? { slug: fields.slug ?? messageOf(error) } : {}),
        ...(!fields.title && !fields.slug && code !== 'conflict' ? { form: messageOf(error) } : {}),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={s.stack} onSubmit={(e) => void submit(e)} noValidate>
      <div className={a.field}>
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          className={a.input}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${id}-title-error` : undefined}
        />
        {errors.title ? (
          <p id={`${id}-title-error`} className={a.fieldError}>
            {errors.title}
          </p>
        ) : null}
      </div>
      <div className={a.field}>
        <label htmlFor={`${id}-slug`}>Slug (the course's address: /courses/…)</label>
        <input
          id={`${id}-slug`}
          className={a.input}
          value={shownSlug}
          onChange={(e) => {
            setSlugEdited(true);
            setSlug(e.target.value);
          }}
          aria-invalid={errors.slug ? true : undefined}
          aria-describedby={errors.slug ? `${id}-slug-error` : undefined}
        />
        {errors.slug ? (
          <p id={`${id}-slug-error`} className={a.fieldError}>
            {errors.slug}
          </p>
        ) : null}
      </div>
      <div className={a.field}>
        <label htmlFor={`${id}-copy`}>Start from</label>
        <select
          id={`${id}-copy`}
          className={s.select}
          value={copyOf}
          onChange={(e) => setCopyOf(e.target.value)}
        >
          <option value="">An empty course</option>
          {courses.map((c) => (
            <option key={c.slug} value={c.slug}>
              A copy of {c.title}
            </option>
          ))}
        </select>
      </div>
      {errors.form ? (
        <p className={a.fieldError} role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className={s.row}>
        <button type="submit" className={s.button.primary} disabled={busy}>
          {busy ? 'Creating...' : 'Create Course'}
        </button>
      </div>
    </form>
  );
}
