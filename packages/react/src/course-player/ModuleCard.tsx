import { type Module, type ModuleProgress, moduleStatus } from '@coursekit/core';
import type { ReactNode } from 'react';
import { useNavigate } from '../provider/navigation';
import { formatString } from '../strings/formatString';
import { playerStrings } from '../strings/playerStrings';
import { useStrings } from '../strings/useStrings';
import * as s from '../ui/styles.css';

export interface ModuleCardProps {
  module: Module;
  /** The learner's progress in the module, when known: a module tested out of says so. */
  progress: ModuleProgress | undefined;
  /** The heading's level: 3 on a page of modules, 4 under the dashboard's modules heading. */
  level: 3 | 4;
  /** Beside the heading (the module's duration on the dashboard). */
  aside?: ReactNode;
  /** The learner's standing in the module, before the button. */
  detail: ReactNode;
  /** The open button's weight. */
  emphasis: 'primary' | 'secondary';
}

/** One module in a list of modules: its title, description, the learner's standing and the way in. */
export function ModuleCard({ module, progress, level, aside, detail, emphasis }: ModuleCardProps) {
  const navigate = useNavigate();
  const t = useStrings(playerStrings);
  const Heading = level === 3 ? 'h3' : 'h4';
  const heading = (
    <Heading className={s.subheading}>
      {formatString(t.moduleTitle, { number: module.id, name: module.name })}
    </Heading>
  );
  return (
    <li className={s.card}>
      {aside === undefined ? (
        heading
      ) : (
        <div className={s.spread}>
          {heading}
          <span className={s.muted}>{aside}</span>
        </div>
      )}
      <p className={s.muted}>{module.description}</p>
      <div className={s.spread}>
        <span className={s.muted}>
          {detail}
          {progress && moduleStatus(progress) === 'testedOut' ? (
            <>
              {' '}
              <span className={s.badge.success}>{t.testedOut}</span>
            </>
          ) : null}
        </span>
        <button type="button" className={s.button[emphasis]} onClick={() => navigate(`/module/${module.id}`)}>
          {formatString(t.openModule, { number: module.id })}
        </button>
      </div>
    </li>
  );
}
