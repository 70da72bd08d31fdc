import { useEffect } from 'react';
import { preloadSettingsPage, SETTINGS_PRELOAD_DELAY_MS } from './settings-preload.ts';

/** Spec §9: prefetches the settings page 2 s after `enabled` turns true (signed in: only they can open it). */
export function usePreloadSettings(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setTimeout(() => void preloadSettingsPage(), SETTINGS_PRELOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [enabled]);
}
