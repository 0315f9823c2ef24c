import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import * as s from '../../ui/styles.css';
import * as a from '../admin.css';
import { adminKeys } from '../adminKeys';
import { useCourseModules } from '../courses/useCourseModules';
import { useAdmin, useAdminCourse } from '../useAdmin';
import { LOADABLE_MODULES, type ModuleLoadStatus, type useContentOperations } from './useContentOperations';

const BADGE: Record<ModuleLoadStatus, keyof typeof s.badge> = {
  Ready: 'muted',
  'Loading...': 'info',
  Success: 'success',
  Failed: 'danger',
};

/** admin §2 Content Management System: Load All Modules, a card per module with its status, system info. */
export function ContentManagementSystem({
  ops,
  headingLevel,
}: {
  ops: ReturnType<typeof useContentOperations>;
  headingLevel: 2 | 3;
}) {
  const admin = useAdmin();
  const { course } = useAdminCourse();
  const id = useId();
  const modules = useCourseModules();
  const stats = useQuery({ queryKey: adminKeys.stats(course), queryFn: () => admin.stats() });
  const Heading = headingLevel === 2 ? 'h3' : 'h4';
  const Card = headingLevel === 2 ? 'h4' : 'h5';
  const nameOf = (n: number) => modules.data?.find((m) => m.id === n)?.name;
  const info: Array<[string, string]> = [
    ['Loadable modules', `${LOADABLE_MODULES.length} (Module 1 to Module ${LOADABLE_MODULES.length})`],
    ['Modules in the course', String(stats.data?.totalModules ?? '…')],
    ['Active lessons', String(stats.data?.totalLessons ?? '…')],
    ['Source', 'Module markdown, parsed into lessons on the server'],
    ['Version history', "Kept on every load (change reason 'Content migration')"],
    ['Images', 'image-assets storage'],
  ];

  return (
    <section className={s.card} aria-labelledby={`${id}-cms`}>
      <div className={s.spread}>
        <Heading id={`${id}-cms`} className={s.subheading}>
          Content Management System
        </Heading>
        <button
          type="button"
          className={s.button.secondary}
          disabled={ops.busy !== null}
          onClick={() => void ops.loadAll()}
        >
          Load All Modules<span className={s.visuallyHidden}> (each module’s status below)</span>
        </button>
      </div>
      <ul className={s.grid} aria-label="Modules">
        {LOADABLE_MODULES.map((n) => {
          const status = ops.statuses[n] ?? 'Ready';
          return (
            <li key={n} className={s.card}>
              <Card className={s.text}>
                <strong>Module {n}</strong>
              </Card>
              {nameOf(n) ? <p className={a.small}>{nameOf(n)}</p> : null}
              <p className={s.text}>
                Status: <span className={s.badge[BADGE[status]]}>{status}</span>
              </p>
              <div>
                <button
                  type="button"
                  className={`${s.button.secondary} ${a.smallButton}`}
                  disabled={ops.busy !== null}
                  onClick={() => void ops.loadModule(n, true)}
                >
                  Load Module<span className={s.visuallyHidden}> {n}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <Card className={s.text}>
        <strong>System Information</strong>
      </Card>
      <dl className={s.list}>
        {info.map(([label, value]) => (
          <div key={label}>
            <dt className={a.small}>{label}</dt>
            <dd className={s.text}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
