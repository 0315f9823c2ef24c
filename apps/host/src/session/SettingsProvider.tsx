import { DEFAULT_PLATFORM_TEXTS, type PlatformTexts, type SystemSettings } from '@coursekit/core';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useAdapter } from './SessionProvider';

export interface SettingsState {
  /** null until the first read, or when it failed (the site then behaves as not in maintenance). */
  settings: SystemSettings | null;
  loading: boolean;
}

const SettingsContext = createContext<SettingsState | null>(null);

/**
 * The system settings, live: read once, then every change through the adapter's stream
 * (learner §4: settings reload on any change). One stream serves the gate, the banner and pages.
 */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const adapter = useAdapter();
  const [state, setState] = useState<SettingsState>({ settings: null, loading: true });

  useEffect(() => {
    let active = true;
    adapter.settings
      .get()
      .then((settings) => active && setState({ settings, loading: false }))
      .catch(() => active && setState({ settings: null, loading: false }));
    const unsubscribe = adapter.settings.subscribe((settings) => {
      if (active) setState({ settings, loading: false });
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [adapter]);

  return <SettingsContext.Provider value={state}>{children}</SettingsContext.Provider>;
}

export function useSystemSettings(): SettingsState {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSystemSettings needs a <SettingsProvider> above it in the tree.');
  return value;
}

/** The platform's words (site name, footer, help mailbox, about text); null until the settings arrive. */
export function usePlatformTexts(): PlatformTexts | null {
  const { settings, loading } = useSystemSettings();
  if (settings?.platform) return settings.platform;
  return loading ? null : DEFAULT_PLATFORM_TEXTS;
}
