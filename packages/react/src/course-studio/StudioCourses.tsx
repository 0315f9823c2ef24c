import type { StudioAdapter, StudioCourse } from '@coursekit/core';
import { useCallback, useId } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import { NewCourseForm } from './NewCourseForm';
import { useLoad } from './useLoad';

// The studio's course list: each course's status and draft, and the form that starts a new one.

const STATUS: Record<StudioCourse['status'], string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

export function StudioCourses({ studio, onOpen }: { studio: StudioAdapter; onOpen: (slug: string) => void }) {
  const load = useCallback(() => studio.courses(), [studio]);
  const list = useLoad(load);
  const id = useId();
  return (
    <>
      <h2 className={s.heading}>Courses</h2>
      {list.error ? (
        <p className={a.fieldError} role="alert">
          {list.error}
        </p>
      ) : null}
      <div className={a.tableWrap}>
        <table className={a.table} aria-label="Courses in the studio" aria-busy={list.loading}>
          <thead>
            <tr>
              <th scope="col">Course</th>
              <th scope="col">Status</th>
              <th scope="col">Published version</th>
              <th scope="col">Draft</th>
              <th scope="col">
                <span className={s.visuallyHidden}>Open</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(list.data ?? []).map((c) => (
              <tr key={c.slug}>
                <th scope="row">
                  {c.title}
                  <p className={a.small}>{c.slug}</p>
                </th>
                <td>{STATUS[c.status]}</td>
                <td>{c.published_version === 0 ? 'None yet' : c.published_version}</td>
                <td>
                  {c.draft_changed ? (
                    <span className={s.badge.info}>Unpublished changes</span>
                  ) : (
                    <span className={s.badge.muted}>As published</span>
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    className={`${s.button.secondary} ${a.smallButton}`}
                    onClick={() => onOpen(c.slug)}
                  >
                    Open<span className={s.visuallyHidden}> {c.title}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section className={s.card} aria-labelledby={`${id}-new`}>
        <h3 id={`${id}-new`} className={s.subheading}>
          New Course
        </h3>
        <NewCourseForm studio={studio} courses={list.data ?? []} onCreated={onOpen} />
      </section>
    </>
  );
}
