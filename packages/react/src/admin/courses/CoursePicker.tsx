import { adminMessages } from '@coursekit/core';
import { useId } from 'react';
import * as s from '../../ui/styles.css';
import { useAdmin, useAdminCourse } from '../useAdmin';
import { COURSE_STATUS, useCourseList } from './courseStatus';

/**
 * The course the console shows: a native select of every course, the default marked,
 * with the shown course's status beside it. Picking one moves every course-specific part of the
 * console to it; users and roles are the platform's. Absent when the adapter cannot scope by course.
 */
export function CoursePicker() {
  const admin = useAdmin();
  const { course, pick } = useAdminCourse();
  const id = useId();
  const list = useCourseList();
  if (!admin.forCourse || !list.data || list.data.length === 0) return null;
  const shown = list.data.find((c) => (course === null ? c.is_default : c.slug === course));
  return (
    <div className={s.row}>
      <label htmlFor={id} className={s.text}>
        {adminMessages.coursePickerLabel}
      </label>
      <select
        id={id}
        className={s.select}
        value={shown?.slug ?? ''}
        onChange={(event) => pick(event.target.value)}
      >
        {shown ? null : <option value="">—</option>}
        {list.data.map((c) => (
          <option key={c.slug} value={c.slug}>
            {`${c.title} · ${COURSE_STATUS[c.status].label}${c.is_default ? ` · ${adminMessages.courseDefault}` : ''}`}
          </option>
        ))}
      </select>
      {shown ? (
        <span className={s.badge[COURSE_STATUS[shown.status].tone]}>{COURSE_STATUS[shown.status].label}</span>
      ) : null}
    </div>
  );
}
