import type { AdminDiagnosticsAdapter, DiagnosticSettings, DiagnosticsExport } from '@coursekit/core';
import { saveBlob } from '../saveBlob';

/** admin §9: 'diagnostic-settings' with a timestamp that is safe in every file system. */
function diagnosticsFileName(now: Date = new Date()): string {
  return `diagnostic-settings-${now.toISOString().replace(/[:.]/g, '-')}.json`;
}

/**
 * Saves the export as a JSON file in the admin's browser. The adapter's own export is used when it
 * has one (the server stamps it); otherwise the list on screen is what gets saved.
 */
export async function downloadDiagnostics(
  diagnostics: AdminDiagnosticsAdapter,
  shown: DiagnosticSettings[],
): Promise<string> {
  const data: DiagnosticsExport = diagnostics.export
    ? await diagnostics.export()
    : { exported_at: new Date().toISOString(), settings: shown };
  const name = diagnosticsFileName();
  saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), name);
  return name;
}
