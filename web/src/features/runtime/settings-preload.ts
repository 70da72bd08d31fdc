/** Spec §9: the settings page's code is fetched 2 s after start, so opening Settings is instant. */
export const SETTINGS_PRELOAD_DELAY_MS = 2_000;

// A glob rather than import(): the same chunk the router loads, and no build error while the page
// does not exist yet (the glob is then empty).
const settingsPage = import.meta.glob('../../pages/account/settings/settings-page.tsx');

/** Fetches the settings page's code; a failure is left to the visit, which retries and reports. */
export async function preloadSettingsPage(): Promise<void> {
  const load = Object.values(settingsPage)[0];
  if (load === undefined) return;
  try {
    await load();
  } catch {
    // See above.
  }
}
