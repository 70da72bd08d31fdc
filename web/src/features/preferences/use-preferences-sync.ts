import { type Preferences, preferencesSchema, type UiPreferences } from '@tradepost/shared/schemas/preferences.ts';
import { useStore } from 'jotai';
import { useEffect } from 'react';
import { api } from '../../app/api.ts';
import { sessionTokenAtom } from '../runtime/session-token-atom.ts';
import { createPreferencesSync } from './preferences-sync.ts';
import { uiPreferencesAtom } from './ui-preferences-atom.ts';

const loadUi = async (): Promise<UiPreferences> => (await api.get<Preferences>('/auth/me/preferences', { schema: preferencesSchema })).ui;
const saveUi = async (ui: UiPreferences): Promise<UiPreferences> =>
  (await api.put<Preferences>('/auth/me/preferences', { body: ui, schema: preferencesSchema })).ui;

/** Runs the account sync of the UI preferences while the app is open (mounted once, by AppRuntime). */
export function usePreferencesSync(): void {
  const store = useStore();
  useEffect(() => {
    const sync = createPreferencesSync({
      store,
      preferencesAtom: uiPreferencesAtom,
      tokenAtom: sessionTokenAtom,
      load: loadUi,
      save: saveUi,
    });
    const onHide = () => {
      if (document.visibilityState === 'hidden') sync.flush();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      sync.flush();
      sync.stop();
    };
  }, [store]);
}
