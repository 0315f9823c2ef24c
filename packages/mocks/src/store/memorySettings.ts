import type { SettingsPatch, SystemSettings } from '@coursekit/core';
import { type MemoryTables, now } from './memoryTables';

/** The system settings (learner §3's banner and maintenance mode), with realtime subscribers. */
export function memorySettings({ settings }: MemoryTables) {
  return {
    settings(): SystemSettings {
      return { ...settings.current };
    },
    /** Changes the settings and tells every subscriber, as the API's realtime stream does. */
    setSettings({ platform, ...patch }: SettingsPatch): SystemSettings {
      settings.current = {
        ...settings.current,
        ...patch,
        ...(platform ? { platform: { ...settings.current.platform!, ...platform } } : {}),
        updated_at: now(),
      };
      for (const listener of settings.listeners) listener({ ...settings.current });
      return { ...settings.current };
    },
    subscribeSettings(listener: (s: SystemSettings) => void): () => void {
      settings.listeners.add(listener);
      return () => settings.listeners.delete(listener);
    },
  };
}
