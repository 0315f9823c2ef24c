import * as s from '../../ui/styles.css';
import { DiagnosticControlPanel } from '../diagnostics/DiagnosticControlPanel';
import { DebugQueryCard } from './DebugQueryCard';
import { SystemSettingsPanel } from './SystemSettingsPanel';

/** admin §2 System Settings tab: its three settings panels (settings, debug, diagnostics). */
export function SystemSettingsTab() {
  return (
    <div className={s.stack}>
      <SystemSettingsPanel />
      <DebugQueryCard />
      <DiagnosticControlPanel />
    </div>
  );
}
