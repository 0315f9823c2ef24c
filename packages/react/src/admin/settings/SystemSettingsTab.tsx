import * as s from '../../ui/styles.css';
import { DiagnosticControlPanel } from '../diagnostics/DiagnosticControlPanel';
import { DebugQueryCard } from './DebugQueryCard';
import { PlatformTextsPanel } from './PlatformTextsPanel';
import { RevokeCertificatePanel } from './RevokeCertificatePanel';
import { SystemSettingsPanel } from './SystemSettingsPanel';

/** admin §2 System Settings tab: its settings panels (settings, the platform's words, revoking a certificate, debug, diagnostics). */
export function SystemSettingsTab() {
  return (
    <div className={s.stack}>
      <SystemSettingsPanel />
      <PlatformTextsPanel />
      <RevokeCertificatePanel />
      <DebugQueryCard />
      <DiagnosticControlPanel />
    </div>
  );
}
