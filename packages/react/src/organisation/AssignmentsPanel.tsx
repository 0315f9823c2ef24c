import type { OrgAssignment } from '@coursekit/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import * as a from '../admin/admin.css';
import { formatDate } from '../strings/formatDate';
import { formatString } from '../strings/formatString';
import { useLang } from '../strings/useLang';
import { ErrorState, Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';
import { messageOf, organisationKeys, useOrganisation, useOrganisationStrings } from './organisationContext';

/** Ticks one id in or out of a list. */
const toggled = (list: string[], id: string, on: boolean) =>
  on ? [...list, id] : list.filter((x) => x !== id);

/** The Assignments tab: assign a course to people or groups with an optional due date; the assignments. */
export function AssignmentsPanel() {
  const organisation = useOrganisation();
  const t = useOrganisationStrings();
  const lang = useLang();
  const queryClient = useQueryClient();
  const id = organisation.organisationId;
  const uid = useId();
  const [course, setCourse] = useState('');
  const [userIds, setUserIds] = useState<string[]>([]);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [due, setDue] = useState('');
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');
  const courses = useQuery({ queryKey: organisationKeys.courses(id), queryFn: () => organisation.courses() });
  const people = useQuery({
    queryKey: organisationKeys.people(id, ''),
    queryFn: () => organisation.people({ search: '', pageSize: 100 }),
  });
  const groups = useQuery({ queryKey: organisationKeys.groups(id), queryFn: () => organisation.groups() });
  const assignments = useQuery({
    queryKey: organisationKeys.assignments(id),
    queryFn: () => organisation.assignments(),
  });
  const chosenCourse = course || courses.data?.[0]?.slug || '';
  const assign = useMutation({
    mutationFn: () =>
      organisation.assign({
        course: chosenCourse,
        ...(userIds.length > 0 ? { user_ids: userIds } : {}),
        ...(groupIds.length > 0 ? { group_ids: groupIds } : {}),
        due_at: due || null,
      }),
    onSuccess: async (made) => {
      setUserIds([]);
      setGroupIds([]);
      setDue('');
      setNotice(
        formatString(t.assigned, { course: made[0]?.course_title ?? chosenCourse, count: made.length }),
      );
      await queryClient.invalidateQueries({ queryKey: organisationKeys.all(id) });
    },
    onError: (error) => setProblem(messageOf(error)),
  });
  const remove = useMutation({
    mutationFn: (assignment: OrgAssignment) => organisation.removeAssignment(assignment.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all(id) }),
    onError: (error) => setNotice(messageOf(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (userIds.length + groupIds.length === 0) {
      setProblem(t.assignChooseSomeone);
      return;
    }
    setProblem('');
    assign.mutate();
  };
  const pending = courses.isPending || people.isPending || groups.isPending || assignments.isPending;
  const failed = courses.error ?? people.error ?? groups.error ?? assignments.error;
  if (pending) return <Skeletons count={2} label={t.loadingAssignments} />;
  if (failed) {
    return (
      <ErrorState
        error={failed}
        onRetry={() => queryClient.invalidateQueries({ queryKey: organisationKeys.all(id) })}
      />
    );
  }
  const target = (x: OrgAssignment) => x.group ?? x.email ?? t.none;
  return (
    <div className={s.stack}>
      <p role="status" className={s.text}>
        {notice}
      </p>
      <form className={s.card} onSubmit={submit} aria-labelledby={`${uid}-h`}>
        <h3 id={`${uid}-h`} className={s.subheading}>
          {t.assignHeading}
        </h3>
        <div className={s.row}>
          <label className={a.field}>
            {t.assignCourse}
            <select className={s.select} value={chosenCourse} onChange={(e) => setCourse(e.target.value)}>
              {courses.data?.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.title}
                </option>
              ))}
            </select>
          </label>
          <label className={a.field}>
            {t.assignDue}
            <input className={a.input} type="date" value={due} onChange={(e) => setDue(e.target.value)} />
          </label>
        </div>
        {(groups.data?.length ?? 0) > 0 && (
          <fieldset className={s.fieldset}>
            <legend className={s.legend}>{t.assignGroups}</legend>
            {groups.data?.map((group) => (
              <label key={group.id} className={s.row}>
                <input
                  type="checkbox"
                  checked={groupIds.includes(group.id)}
                  onChange={(e) => setGroupIds((list) => toggled(list, group.id, e.target.checked))}
                />
                {group.name}
              </label>
            ))}
          </fieldset>
        )}
        <fieldset className={s.fieldset}>
          <legend className={s.legend}>{t.assignPeople}</legend>
          {people.data?.items.length === 0 && <p className={s.muted}>{t.peopleEmpty}</p>}
          {people.data?.items.map((person) => (
            <label key={person.user_id} className={s.row}>
              <input
                type="checkbox"
                checked={userIds.includes(person.user_id)}
                onChange={(e) => setUserIds((list) => toggled(list, person.user_id, e.target.checked))}
              />
              {person.display_name ? `${person.display_name} (${person.email})` : person.email}
            </label>
          ))}
        </fieldset>
        {problem && (
          <p role="alert" className={a.fieldError}>
            {problem}
          </p>
        )}
        <div>
          <button type="submit" className={s.button.primary} disabled={assign.isPending || !chosenCourse}>
            {t.assignSubmit}
          </button>
        </div>
      </form>
      <section className={s.stack} aria-labelledby={`${uid}-list`}>
        <h3 id={`${uid}-list`} className={s.subheading}>
          {t.assignmentsHeading}
        </h3>
        {assignments.data?.length === 0 ? (
          <p className={s.muted}>{t.assignmentsEmpty}</p>
        ) : (
          <div className={a.tableWrap}>
            <table className={a.table}>
              <caption className={s.visuallyHidden}>{t.assignmentsCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.columnCourse}</th>
                  <th scope="col">{t.columnAssignedTo}</th>
                  <th scope="col">{t.columnDue}</th>
                  <th scope="col">{t.columnActions}</th>
                </tr>
              </thead>
              <tbody>
                {assignments.data?.map((x) => (
                  <tr key={x.id}>
                    <td>{x.course_title}</td>
                    <td>{target(x)}</td>
                    <td>{x.due_at ? formatDate(x.due_at, lang) : t.noDueDate}</td>
                    <td>
                      <button
                        type="button"
                        className={`${s.button.secondary} ${a.smallButton}`}
                        aria-label={formatString(t.removeAssignment, {
                          course: x.course_title,
                          target: target(x),
                        })}
                        onClick={() => remove.mutate(x)}
                      >
                        {t.remove}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
