import { adminMessages, type Module, type ModuleProgress } from '@coursekit/core';
import { useId } from 'react';
import * as s from '../../ui/styles.css';
import { ModuleProgressItem } from './ModuleProgressItem';

export interface ModuleProgressListProps {
  userId: string;
  userName: string;
  progress: ModuleProgress[];
  /** The course's modules, for their names; rows fall back to 'Module {id}'. */
  modules: Module[];
}

/** admin §2: the learner's module rows, locked by the summary's isUnlocked, or 'No modules found.' */
export function ModuleProgressList({ userId, userName, progress, modules }: ModuleProgressListProps) {
  const headingId = useId();
  return (
    <section className={s.stack} aria-labelledby={headingId}>
      <h3 id={headingId} className={s.subheading}>
        Module Progress
      </h3>
      {progress.length === 0 ? (
        <p className={s.muted}>{adminMessages.noModulesFound}</p>
      ) : (
        <ul className={s.list}>
          {progress.map((p) => (
            <ModuleProgressItem
              key={p.moduleId}
              userId={userId}
              userName={userName}
              progress={p}
              module={modules.find((m) => m.id === p.moduleId)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
