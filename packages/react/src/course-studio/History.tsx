import type { CourseChanges, CourseVersion, StudioAdapter } from '@coursekit/core';
import { useCallback, useId, useState } from 'react';
import * as a from '../admin/admin.css';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import * as s from '../ui/styles.css';
import { ChangesView } from './ChangesView';
import { messageOf, useLoad } from './useLoad';

// The course's published versions: compare two, and (admins) restore one as a new version.

export function History({
  studio,
  course,
  canPublish,
}: {
  studio: StudioAdapter;
  course: string;
  canPublish: boolean;
}) {
  const id = useId();
  const load = useCallback(() => studio.versions(course), [studio, course]);
  const versions = useLoad<CourseVersion[]>(load);
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [compared, setCompared] = useState<CourseChanges | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const list = versions.data ?? [];
  const newest = list[0]?.version ?? null;
  const left = from ?? list[1]?.version ?? null;
  const right = to ?? newest;

  async function compare() {
    if (left === null || right === null) return;
    setMessage(null);
    try {
      setCompared(await studio.compare(course, left, right));
    } catch (error) {
      setMessage({ ok: false, text: messageOf(error) });
    }
  }

  async function restore(version: number) {
    setMessage(null);
    try {
      const result = await studio.restore(course, version);
      setMessage({
        ok: true,
        text: `Version ${version} was published again as version ${result.version.version}.`,
      });
      versions.reload();
    } catch (error) {
      setMessage({ ok: false, text: messageOf(error) });
    }
  }

  return (
    <section className={s.stack} aria-labelledby={`${id}-history`}>
      <h3 id={`${id}-history`} className={s.subheading}>
        History
      </h3>
      {versions.error ? (
        <p className={a.fieldError} role="alert">
          {versions.error}
        </p>
      ) : null}
      <div className={a.tableWrap}>
        <table className={a.table} aria-label="Versions" aria-busy={versions.loading}>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Published</th>
              <th scope="col">By</th>
              <th scope="col">Note</th>
              {canPublish ? (
                <th scope="col">
                  <span className={s.visuallyHidden}>Restore</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {list.map((v) => (
              <tr key={v.version}>
                <th scope="row">{v.version}</th>
                <td>{new Date(v.published_at).toLocaleString()}</td>
                <td>{v.published_by ?? 'The content folder'}</td>
                <td>{v.restored_from ? `Restored version ${v.restored_from}` : (v.note ?? '')}</td>
                {canPublish ? (
                  <td>
                    {v.version === newest ? null : (
                      <ConfirmDialog
                        trigger={
                          <button type="button" className={`${s.button.secondary} ${a.smallButton}`}>
                            Restore<span className={s.visuallyHidden}> version {v.version}</span>
                          </button>
                        }
                        title={`Restore version ${v.version}`}
                        description={`Learners get version ${v.version} again, as a new version. Their progress carries over by lesson, as with every publish. Unpublished edits in the draft stay.`}
                        confirmLabel="Restore"
                        onConfirm={() => void restore(v.version)}
                      />
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.length > 1 ? (
        <div className={s.row}>
          <VersionSelect
            id={`${id}-from`}
            label="Compare version"
            versions={list}
            value={left}
            onChange={setFrom}
          />
          <VersionSelect
            id={`${id}-to`}
            label="with version"
            versions={list}
            value={right}
            onChange={setTo}
          />
          <button type="button" className={s.button.secondary} onClick={() => void compare()}>
            Compare
          </button>
        </div>
      ) : null}
      {compared ? <ChangesView changes={compared} /> : null}
      {message ? (
        <p
          className={message.ok ? a.result.success : a.result.failure}
          role={message.ok ? 'status' : 'alert'}
        >
          {message.text}
        </p>
      ) : null}
    </section>
  );
}

/** One of the two versions History compares. */
function VersionSelect({
  id,
  label,
  versions,
  value,
  onChange,
}: {
  id: string;
  label: string;
  versions: CourseVersion[];
  value: number | null;
  onChange: (version: number) => void;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={s.select}
        value={value ?? ''}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {versions.map((v) => (
          <option key={v.version} value={v.version}>
            {v.version}
          </option>
        ))}
      </select>
    </>
  );
}
