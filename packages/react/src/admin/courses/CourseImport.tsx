import {
  adminMessages,
  type CourseImportResult,
  courseImportSummary,
  courseImportUploading,
} from '@coursekit/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import * as s from '../../ui/styles.css';
import * as a from '../admin.css';
import { adminKeys } from '../adminKeys';
import { useAdmin } from '../useAdmin';
import { failure } from './useCourseActions';

type Outcome =
  | { kind: 'uploading'; text: string }
  | { kind: 'done'; result: CourseImportResult }
  | { kind: 'refused'; text: string };

const kbOf = (bytes: number) => Math.max(1, Math.round(bytes / 1024));

/**
 * Import a course zip: creates the course it holds as a draft, or updates it. While the
 * zip is on its way the section says so; then the content pipeline's counts, or the server's
 * refusal, which names the file and the problem (`quizzes/module-2.json: …`).
 */
export function CourseImport() {
  const admin = useAdmin();
  const client = useQueryClient();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const uploading = outcome?.kind === 'uploading';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setOutcome({ kind: 'refused', text: adminMessages.courseImportPickFile });
      return;
    }
    setOutcome({ kind: 'uploading', text: courseImportUploading(file.name, kbOf(file.size)) });
    try {
      const result = await admin.courses!.importZip(file);
      setOutcome({ kind: 'done', result });
      await Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.courses() }),
        client.invalidateQueries({ queryKey: adminKeys.stats() }),
      ]);
    } catch (error) {
      setOutcome({ kind: 'refused', text: failure(error) });
    }
  }

  return (
    <form className={s.stack} onSubmit={(event) => void submit(event)} aria-busy={uploading}>
      <div className={a.field}>
        <label htmlFor={`${id}-zip`}>Course zip</label>
        <input
          id={`${id}-zip`}
          type="file"
          accept=".zip,application/zip"
          className={a.input}
          disabled={uploading}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <p className={a.small}>
          A zip of one course folder (course.json, modules, quizzes, images). A new course arrives as a draft.
        </p>
      </div>
      <div>
        <button type="submit" className={s.button.primary} disabled={uploading}>
          {uploading ? 'Importing...' : 'Import Course'}
        </button>
      </div>
      <div aria-live="polite">
        {outcome?.kind === 'uploading' ? (
          <p className={s.row}>
            <progress aria-label={outcome.text} />
            <span>{outcome.text}</span>
          </p>
        ) : null}
        {outcome?.kind === 'done' ? (
          <p className={a.result.success}>
            <span className={a.resultLabel.success}>✓ {adminMessages.courseImportedTitle}</span>{' '}
            {courseImportSummary(outcome.result.course.title, outcome.result.created, outcome.result.summary)}
          </p>
        ) : null}
      </div>
      {outcome?.kind === 'refused' ? (
        <p className={a.result.failure} role="alert">
          <span className={a.resultLabel.failure}>✗ {adminMessages.courseImportRefusedTitle}</span>{' '}
          {outcome.text}
        </p>
      ) : null}
    </form>
  );
}
