import { type AdminCourse, adminMessages, courseExportSaved } from '@coursekit/core';
import { useId, useState } from 'react';
import * as s from '../../ui/styles.css';
import * as a from '../admin.css';
import { saveBlob } from '../saveBlob';
import { useAdmin } from '../useAdmin';
import { CourseImport } from './CourseImport';
import { COURSE_STATUS, useCourseList } from './courseStatus';
import { MakeDefaultDialog } from './MakeDefaultDialog';
import { failure, useUpdateCourse } from './useCourseActions';

type Status = AdminCourse['status'];
const STATUS_ACTIONS: ReadonlyArray<{ to: Status; label: string }> = [
  { to: 'published', label: 'Publish' },
  { to: 'draft', label: 'Make Draft' },
  { to: 'archived', label: 'Archive' },
];

interface Outcome {
  ok: boolean;
  text: string;
}

/**
 * The platform's courses: each with its status, the default, its size and learners;
 * publish, draft, archive, make default (confirmed), export its folder as a zip, and import one.
 * Shown when the adapter has a courses part (`admin.courses`).
 */
export function CourseManagement({ headingLevel }: { headingLevel: 2 | 3 }) {
  const admin = useAdmin();
  const id = useId();
  const list = useCourseList();
  const update = useUpdateCourse();
  const [makingDefault, setMakingDefault] = useState<AdminCourse | null>(null);
  const [exporting, setExporting] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (!admin.courses) return null;
  const Heading = headingLevel === 2 ? 'h3' : 'h4';
  const Sub = headingLevel === 2 ? 'h4' : 'h5';
  const busy = update.isPending || exporting !== null;

  function setStatus(course: AdminCourse, status: Status) {
    setOutcome(null);
    update.mutate(
      { course, changes: { status } },
      { onError: (error) => setOutcome({ ok: false, text: failure(error) }) },
    );
  }

  async function exportZip(course: AdminCourse) {
    setExporting(course.slug);
    setOutcome(null);
    try {
      const download = await admin.courses!.exportZip(course.slug);
      saveBlob(download.data, download.fileName);
      const kb = Math.max(1, Math.round(download.data.size / 1024));
      setOutcome({ ok: true, text: courseExportSaved(download.fileName, kb) });
    } catch (error) {
      setOutcome({ ok: false, text: `${adminMessages.courseExportFailedTitle}: ${failure(error)}` });
    } finally {
      setExporting(null);
    }
  }

  return (
    <section className={s.card} aria-labelledby={`${id}-courses`}>
      <Heading id={`${id}-courses`} className={s.subheading}>
        Courses
      </Heading>
      {list.isError ? (
        <p className={a.fieldError} role="alert">
          {adminMessages.coursesLoadFailed}
        </p>
      ) : null}
      <div className={a.tableWrap}>
        <table className={a.table} aria-label="Courses" aria-busy={list.isPending}>
          <thead>
            <tr>
              <th scope="col">Course</th>
              <th scope="col">Status</th>
              <th scope="col">Modules</th>
              <th scope="col">Lessons</th>
              <th scope="col">Learners</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {(list.data ?? []).map((course) => (
              <tr key={course.slug}>
                <th scope="row">
                  {course.title}
                  <p className={a.small}>{course.slug}</p>
                </th>
                <td>
                  <div className={s.row}>
                    <span className={s.badge[COURSE_STATUS[course.status].tone]}>
                      {COURSE_STATUS[course.status].label}
                    </span>
                    {course.is_default ? (
                      <span className={s.badge.info}>{adminMessages.courseDefault}</span>
                    ) : null}
                  </div>
                </td>
                <td>{course.modules}</td>
                <td>{course.lessons}</td>
                <td>{course.learners}</td>
                <td>
                  <div className={s.row}>
                    {STATUS_ACTIONS.filter(({ to }) => to !== course.status).map(({ to, label }) => (
                      <button
                        key={to}
                        type="button"
                        className={`${s.button.secondary} ${a.smallButton}`}
                        disabled={busy}
                        onClick={() => setStatus(course, to)}
                      >
                        {label}
                        <span className={s.visuallyHidden}> {course.title}</span>
                      </button>
                    ))}
                    {course.is_default ? null : (
                      <button
                        type="button"
                        className={`${s.button.secondary} ${a.smallButton}`}
                        disabled={busy}
                        onClick={() => setMakingDefault(course)}
                      >
                        Make Default<span className={s.visuallyHidden}> {course.title}</span>
                      </button>
                    )}
                    <button
                      type="button"
                      className={`${s.button.secondary} ${a.smallButton}`}
                      disabled={busy}
                      onClick={() => void exportZip(course)}
                    >
                      {exporting === course.slug ? 'Exporting...' : 'Export Zip'}
                      <span className={s.visuallyHidden}> {course.title}</span>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p aria-live="polite" className={outcome?.ok ? a.result.success : undefined}>
        {outcome?.ok ? outcome.text : null}
      </p>
      {outcome && !outcome.ok ? (
        <p className={a.result.failure} role="alert">
          <span className={a.resultLabel.failure}>✗ Failed</span> {outcome.text}
        </p>
      ) : null}
      <Sub className={s.subheading}>Import a Course</Sub>
      <CourseImport />
      {makingDefault ? (
        <MakeDefaultDialog course={makingDefault} onClose={() => setMakingDefault(null)} />
      ) : null}
    </section>
  );
}
