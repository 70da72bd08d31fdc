import { defaultUiPreferences } from '@tradepost/shared/domain/preferences.ts';
import type { UiPreferences } from '@tradepost/shared/schemas/preferences.ts';
import { atom, createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPreferencesSync, PREFERENCES_SAVE_DELAY_MS, reconcilePreferences } from './preferences-sync.ts';

const dark: UiPreferences = { fontScale: 1.1, densityScale: 0.65, theme: 'dark' };

describe('reconcilePreferences', () => {
  it("applies the account's preferences after sign-in", () => {
    expect(reconcilePreferences(defaultUiPreferences, dark)).toEqual({ apply: dark, upload: false });
    expect(reconcilePreferences({ ...dark, theme: 'light' }, dark)).toEqual({ apply: dark, upload: false });
  });

  it("keeps and uploads this device's choices when the account was never set", () => {
    expect(reconcilePreferences(dark, defaultUiPreferences)).toEqual({ apply: null, upload: true });
  });

  it('does nothing when both agree, and reads server values through the spec §5 clamps', () => {
    expect(reconcilePreferences(dark, dark)).toEqual({ apply: null, upload: false });
    expect(reconcilePreferences(defaultUiPreferences, { fontScale: 9, densityScale: 0.1, theme: null })).toEqual({
      apply: { fontScale: 1.3, densityScale: 0.5, theme: null },
      upload: false,
    });
  });
});

function setup(options: { token?: string | null; server?: UiPreferences; local?: UiPreferences } = {}) {
  const store = createStore();
  const preferencesAtom = atom<UiPreferences>(options.local ?? defaultUiPreferences);
  const tokenAtom = atom<string | null>(options.token === undefined ? 't1' : options.token);
  let server = options.server ?? defaultUiPreferences;
  const load = vi.fn(async () => server);
  const save = vi.fn(async (next: UiPreferences) => {
    server = next;
    return next;
  });
  const sync = createPreferencesSync({ store, preferencesAtom, tokenAtom, load, save, logger: { warn: vi.fn() } });
  return { store, preferencesAtom, tokenAtom, load, save, sync };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createPreferencesSync', () => {
  it("loads the account's preferences at start when signed in and does not send them back", async () => {
    const { store, preferencesAtom, load, save } = setup({ server: dark });
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.get(preferencesAtom)).toEqual(dark);
    await vi.advanceTimersByTimeAsync(PREFERENCES_SAVE_DELAY_MS * 2);
    expect(save).not.toHaveBeenCalled();
  });

  it('saves local changes with one debounced PUT', async () => {
    const { store, preferencesAtom, save } = setup();
    await vi.advanceTimersByTimeAsync(0);
    store.set(preferencesAtom, { ...defaultUiPreferences, fontScale: 1 });
    await vi.advanceTimersByTimeAsync(300);
    store.set(preferencesAtom, { ...defaultUiPreferences, fontScale: 1.05 });
    await vi.advanceTimersByTimeAsync(PREFERENCES_SAVE_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ ...defaultUiPreferences, fontScale: 1.05 });
  });

  it('does not save a change that returns to what the account holds', async () => {
    const { store, preferencesAtom, save } = setup();
    await vi.advanceTimersByTimeAsync(0);
    store.set(preferencesAtom, { ...defaultUiPreferences, theme: 'dark' });
    store.set(preferencesAtom, defaultUiPreferences);
    await vi.advanceTimersByTimeAsync(PREFERENCES_SAVE_DELAY_MS * 2);
    expect(save).not.toHaveBeenCalled();
  });

  it('only syncs while signed in, and loads again at the next sign-in', async () => {
    const { store, preferencesAtom, tokenAtom, load, save } = setup({ token: null, server: dark });
    await vi.advanceTimersByTimeAsync(0);
    store.set(preferencesAtom, { ...defaultUiPreferences, theme: 'light' });
    await vi.advanceTimersByTimeAsync(PREFERENCES_SAVE_DELAY_MS * 2);
    expect(load).not.toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();

    store.set(tokenAtom, 't2');
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.get(preferencesAtom)).toEqual(dark);
  });

  it('drops a pending save on sign-out and sends one at once on flush', async () => {
    const first = setup();
    await vi.advanceTimersByTimeAsync(0);
    first.store.set(first.preferencesAtom, { ...defaultUiPreferences, theme: 'dark' });
    first.store.set(first.tokenAtom, null);
    await vi.advanceTimersByTimeAsync(PREFERENCES_SAVE_DELAY_MS * 2);
    expect(first.save).not.toHaveBeenCalled();

    const second = setup();
    await vi.advanceTimersByTimeAsync(0);
    second.store.set(second.preferencesAtom, { ...defaultUiPreferences, theme: 'dark' });
    second.sync.flush();
    expect(second.save).toHaveBeenCalledTimes(1);
  });

  it('uploads the device choices to an account that never set any', async () => {
    const { save } = setup({ local: dark });
    await vi.advanceTimersByTimeAsync(PREFERENCES_SAVE_DELAY_MS);
    expect(save).toHaveBeenCalledWith(dark);
  });

  it('stops following changes once stopped', async () => {
    const { store, preferencesAtom, save, sync } = setup();
    await vi.advanceTimersByTimeAsync(0);
    sync.stop();
    store.set(preferencesAtom, dark);
    await vi.advanceTimersByTimeAsync(PREFERENCES_SAVE_DELAY_MS * 2);
    expect(save).not.toHaveBeenCalled();
  });
});
