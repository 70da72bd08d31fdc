import { defaultUiPreferences, normaliseUiPreferences } from '@tradepost/shared/domain/preferences.ts';
import type { UiPreferences } from '@tradepost/shared/schemas/preferences.ts';
import type { Atom, createStore, WritableAtom } from 'jotai';

type Store = ReturnType<typeof createStore>;

/** Slider drags and quick theme flips settle into one PUT. */
export const PREFERENCES_SAVE_DELAY_MS = 800;

export function samePreferences(a: UiPreferences, b: UiPreferences): boolean {
  return a.fontScale === b.fontScale && a.densityScale === b.densityScale && a.theme === b.theme;
}

export type Reconciled = { apply: UiPreferences | null; upload: boolean };

/**
 * After sign-in the account's preferences win (spec: loaded from the server after sign-in), with one
 * exception: an account still on the defaults has never been set, so this device's choices are kept
 * and uploaded rather than thrown away.
 */
export function reconcilePreferences(local: UiPreferences, server: UiPreferences): Reconciled {
  const fromServer = normaliseUiPreferences(server);
  if (samePreferences(local, fromServer)) return { apply: null, upload: false };
  if (samePreferences(fromServer, defaultUiPreferences)) return { apply: null, upload: true };
  return { apply: fromServer, upload: false };
}

export type PreferencesSyncOptions = {
  store: Store;
  preferencesAtom: WritableAtom<UiPreferences, [UiPreferences], void>;
  /** The session token; syncing happens only while it is set. */
  tokenAtom: Atom<string | null>;
  load: () => Promise<UiPreferences>;
  save: (preferences: UiPreferences) => Promise<UiPreferences>;
  delayMs?: number;
  logger?: Pick<Console, 'warn'>;
};

export type PreferencesSync = {
  /** Sends a pending change now (the page is being hidden). */
  flush(): void;
  stop(): void;
};

/**
 * Keeps the device's UI preferences and the account's in step (spec §1, §5): loads the account's at
 * every sign-in (and at start when already signed in), then saves each local change with a debounced
 * PUT. Changes that came from the server are not sent back.
 */
export function createPreferencesSync(options: PreferencesSyncOptions): PreferencesSync {
  const { store, preferencesAtom, tokenAtom, load, save } = options;
  const delayMs = options.delayMs ?? PREFERENCES_SAVE_DELAY_MS;
  const logger = options.logger ?? console;

  /** What the account is known to hold; null until loaded (or when loading failed). */
  let onServer: UiPreferences | null = null;
  let token: string | null = null;
  let loading = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Bumped on every sign-in and sign-out, so answers meant for an earlier session change nothing.
  let generation = 0;

  const cancelPending = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const send = () => {
    timer = undefined;
    if (token === null) return;
    const current = store.get(preferencesAtom);
    if (onServer !== null && samePreferences(current, onServer)) return;
    const sentFor = generation;
    save(current).then(
      (saved) => {
        if (sentFor === generation) onServer = normaliseUiPreferences(saved);
      },
      (error: unknown) => logger.warn('[preferences] could not save to the account', error),
    );
  };

  const schedule = () => {
    cancelPending();
    timer = setTimeout(send, delayMs);
  };

  const signIn = async () => {
    const loadFor = generation;
    loading = true;
    try {
      const server = await load();
      if (loadFor !== generation) return;
      const local = store.get(preferencesAtom);
      const { apply, upload } = reconcilePreferences(local, server);
      onServer = normaliseUiPreferences(server);
      if (apply !== null) store.set(preferencesAtom, apply);
      if (upload) schedule();
    } catch (error) {
      if (loadFor === generation) logger.warn('[preferences] could not load from the account', error);
    } finally {
      if (loadFor === generation) loading = false;
    }
  };

  const followToken = () => {
    const next = store.get(tokenAtom);
    if (next === token) return;
    generation += 1;
    cancelPending();
    token = next;
    onServer = null;
    loading = false;
    if (next !== null) void signIn();
  };

  const offToken = store.sub(tokenAtom, followToken);
  const offPreferences = store.sub(preferencesAtom, () => {
    if (token === null) return;
    const current = store.get(preferencesAtom);
    if (onServer !== null && samePreferences(current, onServer)) {
      cancelPending();
      return;
    }
    // A change made while the account's copy is still loading waits for it: the load decides first.
    if (!loading) schedule();
  });
  followToken();

  return {
    flush() {
      if (timer === undefined) return;
      cancelPending();
      send();
    },
    stop() {
      offToken();
      offPreferences();
      cancelPending();
      generation += 1;
    },
  };
}
