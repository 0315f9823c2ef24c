import { normalizeSystemMessage, type SystemMessageType } from '@coursekit/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useAdapter } from '../session/SessionProvider';
import { useSystemSettings } from '../session/SettingsProvider';
import { useToast } from '../ui/Toaster';

const TYPES: SystemMessageType[] = ['info', 'warning', 'error', 'success'];

/** admin §2 System Settings panel: maintenance switch, system message and its type. */
export function SettingsPanel() {
  const adapter = useAdapter();
  const toast = useToast();
  const { settings } = useSystemSettings();
  const [maintenance, setMaintenance] = useState(false);
  const [message, setMessage] = useState('');
  const [type, setType] = useState<SystemMessageType>('info');
  const [saving, setSaving] = useState(false);

  // Follows the live settings (another admin's change shows here too).
  useEffect(() => {
    if (!settings) return;
    setMaintenance(settings.maintenance_mode);
    setMessage(settings.system_message ?? '');
    setType(settings.system_message_type);
  }, [settings]);

  async function toggleMaintenance(next: boolean) {
    setMaintenance(next);
    try {
      await adapter.admin!.settings.update({ maintenance_mode: next });
    } catch {
      setMaintenance(!next);
      toast({ title: 'Error: Failed to update maintenance mode', variant: 'destructive' });
    }
  }

  async function saveMessage(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await adapter.admin!.settings.update({
        system_message: normalizeSystemMessage(message),
        system_message_type: type,
      });
      toast({ title: 'System message saved' });
    } catch {
      toast({ title: 'Error: Failed to update system message', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card" aria-labelledby="settings-title">
      <h2 id="settings-title">System Settings</h2>
      <div className="switch-row">
        <input
          id="maintenance-mode"
          type="checkbox"
          role="switch"
          checked={maintenance}
          aria-checked={maintenance}
          onChange={(e) => void toggleMaintenance(e.target.checked)}
        />
        <label htmlFor="maintenance-mode">Maintenance mode</label>
      </div>
      <p className="muted">While it is on, only admins can use the site.</p>
      <form onSubmit={saveMessage}>
        <div className="field">
          <label htmlFor="system-message">System message</label>
          <textarea
            id="system-message"
            rows={3}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="system-message-type">Message type</label>
          <select
            id="system-message-type"
            value={type}
            onChange={(e) => setType(e.target.value as SystemMessageType)}
          >
            {TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save Message'}
        </button>
      </form>
    </section>
  );
}
