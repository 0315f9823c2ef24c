import { diagnosticsLoadErrorMessage, messages } from '@coursekit/core';
import { useModules } from '../../queries/courseQueries';
import { Skeletons } from '../../ui/QueryState';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import { WidgetRoot } from '../../ui/WidgetRoot';
import { useAdmin } from '../useAdmin';
import { DiagnosticModuleCard } from './DiagnosticModuleCard';
import { downloadDiagnostics } from './downloadDiagnostics';
import { useDiagnostics, useSetAllDiagnostics } from './useDiagnostics';

/** admin §2 Diagnostic Control Panel: per-module diagnostics, refresh, JSON export, Enable/Disable All. */
export function DiagnosticControlPanel() {
  return (
    <WidgetRoot label="Diagnostic Control Panel">
      <Panel />
    </WidgetRoot>
  );
}

function Panel() {
  const admin = useAdmin();
  const toast = useToast();
  const settings = useDiagnostics();
  const modules = useModules();
  const setAll = useSetAllDiagnostics();

  async function exportFile() {
    try {
      const name = await downloadDiagnostics(admin.diagnostics, settings.data ?? []);
      toast({ title: 'Settings Exported', description: `Saved ${name}.` });
    } catch (e) {
      toast({ title: messages.errorTitle, description: (e as Error).message, variant: 'error' });
    }
  }
  async function switchAll(enabled: boolean) {
    try {
      await setAll.mutateAsync(enabled);
      toast({ title: enabled ? 'All diagnostics enabled' : 'All diagnostics disabled' });
    } catch (e) {
      toast({ title: messages.errorTitle, description: (e as Error).message, variant: 'error' });
    }
  }

  return (
    <div className={s.stack}>
      <div className={s.spread}>
        <h3 className={s.subheading}>Diagnostic Control Panel</h3>
        <div className={s.row}>
          <button
            type="button"
            className={s.button.secondary}
            disabled={settings.isFetching}
            onClick={() => void settings.refetch()}
          >
            Refresh
          </button>
          <button
            type="button"
            className={s.button.secondary}
            disabled={!settings.data}
            onClick={() => void exportFile()}
          >
            Export
          </button>
          <button
            type="button"
            className={s.button.primary}
            disabled={!settings.data || setAll.isPending}
            onClick={() => void switchAll(true)}
          >
            Enable All
          </button>
          <button
            type="button"
            className={s.button.secondary}
            disabled={!settings.data || setAll.isPending}
            onClick={() => void switchAll(false)}
          >
            Disable All
          </button>
        </div>
      </div>
      {settings.isError ? (
        <p className={s.card} role="alert">
          {diagnosticsLoadErrorMessage(settings.error.message)}
        </p>
      ) : !settings.data ? (
        <Skeletons count={3} label="Loading diagnostic settings" />
      ) : (
        <ul className={`${s.list} ${s.grid}`}>
          {settings.data.map((row) => (
            <DiagnosticModuleCard
              key={row.module_id}
              settings={row}
              moduleName={modules.data?.find((m) => m.id === row.module_id)?.name}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
