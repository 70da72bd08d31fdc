export type StartApp = (onFatal: (error: unknown) => void) => void;

/**
 * Spec §2: when the app cannot start (its code failed to load, or rendering it threw), the plain
 * Loading Error page is shown instead of a blank screen. `loadApp` fetches the app's code; the
 * function it returns renders it and reports a later fatal error through `onFatal`.
 */
export async function boot(loadApp: () => Promise<StartApp>, showError: (error: unknown) => void): Promise<void> {
  let shown = false;
  const fail = (error: unknown) => {
    if (shown) return;
    shown = true;
    showError(error);
  };
  try {
    const start = await loadApp();
    start(fail);
  } catch (error) {
    fail(error);
  }
}
