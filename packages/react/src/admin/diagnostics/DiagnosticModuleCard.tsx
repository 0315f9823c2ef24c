import {
  type DiagnosticLevel,
  DiagnosticLevelSchema,
  type DiagnosticSettings,
  messages,
} from '@coursekit/core';
import * as SwitchPrimitive from '@radix-ui/react-switch';
import { useId } from 'react';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import * as a from '../admin.css';
import { useUpdateDiagnostics } from './useDiagnostics';

type DetailKey =
  | 'show_performance_metrics'
  | 'auto_refresh_enabled'
  | 'show_progress_details'
  | 'show_lesson_versions';
const DETAILS: Array<[DetailKey, string]> = [
  ['show_performance_metrics', 'Show performance metrics'],
  ['auto_refresh_enabled', 'Auto refresh'],
  ['show_progress_details', 'Show progress details'],
  ['show_lesson_versions', 'Show lesson versions'],
];

export interface DiagnosticModuleCardProps {
  settings: DiagnosticSettings;
  moduleName: string | undefined;
}

/** admin §2/§4: one module's switches; the detail switches show only while diagnostics are on. */
export function DiagnosticModuleCard({ settings, moduleName }: DiagnosticModuleCardProps) {
  const toast = useToast();
  const update = useUpdateDiagnostics();
  const levelId = useId();
  const title = moduleName ? `Module ${settings.module_id}: ${moduleName}` : `Module ${settings.module_id}`;

  const change = (changes: Partial<Omit<DiagnosticSettings, 'module_id' | 'updated_at'>>) =>
    update.mutate(
      { moduleId: settings.module_id, changes },
      {
        onError: (e) =>
          toast({
            title: messages.errorTitle,
            description: `Failed to update diagnostics for Module ${settings.module_id}: ${e.message}`,
            variant: 'error',
          }),
      },
    );

  return (
    <li className={s.card} aria-label={`${title} diagnostics`}>
      <div className={s.spread}>
        <h4 className={s.subheading}>{title}</h4>
        <span className={settings.diagnostic_enabled ? s.badge.success : s.badge.muted}>
          {settings.diagnostic_enabled ? 'Enabled' : 'Disabled'}
        </span>
      </div>
      <Switch
        label="Diagnostics enabled"
        checked={settings.diagnostic_enabled}
        onChange={(on) => change({ diagnostic_enabled: on })}
      />
      <div className={s.row}>
        <label htmlFor={levelId} className={s.text}>
          Diagnostic level
        </label>
        <select
          id={levelId}
          className={s.select}
          value={settings.diagnostic_level}
          onChange={(e) => change({ diagnostic_level: e.target.value as DiagnosticLevel })}
        >
          {DiagnosticLevelSchema.options.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </select>
      </div>
      {settings.diagnostic_enabled
        ? DETAILS.map(([key, label]) => (
            <Switch
              key={key}
              label={label}
              checked={settings[key]}
              onChange={(on) => change({ [key]: on })}
            />
          ))
        : null}
      <p className={s.muted}>Last updated: {new Date(settings.updated_at).toLocaleString()}</p>
    </li>
  );
}

/** radix Switch (a button with role switch), styled as the console's other switches. */
function Switch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={s.row}>
      <SwitchPrimitive.Root id={id} className={a.switchRoot} checked={checked} onCheckedChange={onChange}>
        <SwitchPrimitive.Thumb className={a.switchThumb} />
      </SwitchPrimitive.Root>
      <label htmlFor={id} className={s.text}>
        {label}
      </label>
    </div>
  );
}
