import { type DraftChanges, type PublishResult, type StudioAdapter, studioOutline } from '@coursekit/core';
import { useCallback, useId, useMemo, useState } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import { ChangesView } from './ChangesView';
import { messageOf, useLoad } from './useLoad';

// Review and publish: the draft's changes since the published version; an admin publishes them.

export function Review({
  studio,
  course,
  canPublish,
}: {
  studio: StudioAdapter;
  course: string;
  canPublish: boolean;
}) {
  const id = useId();
  const load = useCallback(() => studio.changes(course), [studio, course]);
  const review = useLoad<DraftChanges>(load);
  // The draft's outline names what changed as the author knows it (an image by what it shows).
  const loadDraft = useCallback(() => studio.draft(course), [studio, course]);
  const draft = useLoad(loadDraft);
  const outline = useMemo(() => (draft.data ? studioOutline(draft.data.files) : undefined), [draft.data]);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<
    { ok: true; result: PublishResult } | { ok: false; text: string } | null
  >(null);

  async function publish() {
    if (!review.data) return;
    setBusy(true);
    setOutcome(null);
    try {
      const result = await studio.publish(course, review.data.draft_hash, note.trim() || undefined);
      setOutcome({ ok: true, result });
      setNote('');
      review.reload();
    } catch (error) {
      setOutcome({ ok: false, text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={s.stack} aria-labelledby={`${id}-review`}>
      <h3 id={`${id}-review`} className={s.subheading}>
        Changes since{' '}
        {review.data?.published_version ? `version ${review.data.published_version}` : 'the start'}
      </h3>
      {review.error ? (
        <p className={a.fieldError} role="alert">
          {review.error}
        </p>
      ) : null}
      {review.data?.notes?.length ? (
        <section className={s.card} aria-labelledby={`${id}-notes`}>
          <h4 id={`${id}-notes`} className={s.subheading}>
            Before you publish
          </h4>
          <ul>
            {review.data.notes.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {review.data ? (
        <ChangesView changes={review.data.changes} {...(outline ? { outline } : {})} />
      ) : (
        <p className={s.muted}>Loading...</p>
      )}
      {canPublish ? (
        <div className={s.stack}>
          <div className={a.field}>
            <label htmlFor={`${id}-note`}>Note for the history (optional)</label>
            <input
              id={`${id}-note`}
              className={a.input}
              value={note}
              maxLength={500}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <div className={s.row}>
            <button
              type="button"
              className={s.button.primary}
              disabled={busy || !review.data}
              onClick={() => void publish()}
            >
              {busy ? 'Publishing...' : 'Publish'}
            </button>
            <button type="button" className={s.button.secondary} disabled={busy} onClick={review.reload}>
              Review Again
            </button>
          </div>
        </div>
      ) : (
        <p className={s.muted}>Only an admin can publish. Your changes are saved in the draft.</p>
      )}
      <div aria-live="polite">
        {outcome?.ok ? (
          <p className={a.result.success}>
            {`Published version ${outcome.result.version.version}. Lessons: ${outcome.result.summary.inserted} added, ${outcome.result.summary.updated} changed, ${outcome.result.summary.deactivated} removed.`}
          </p>
        ) : null}
      </div>
      {outcome && !outcome.ok ? (
        <p className={a.result.failure} role="alert">
          {outcome.text}
        </p>
      ) : null}
    </section>
  );
}
