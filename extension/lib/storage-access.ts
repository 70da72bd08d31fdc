import { browser } from 'wxt/browser';

type AccessLevelArea = {
  setAccessLevel?: (options: { accessLevel: 'TRUSTED_CONTEXTS' | 'TRUSTED_AND_UNTRUSTED_CONTEXTS' }) => Promise<void>;
};

/**
 * Content scripts run beside pages we do not control, and by default they can read
 * storage.local, where the session token lives. Chrome lets the worker close it to them
 * (`setAccessLevel`, Chrome 102+): from then on only the worker and the extension's own pages
 * read storage, and content scripts learn what they need through messages. Firefox has no such
 * switch for storage.local; there the session is kept in storage.session instead (see
 * storage.ts), which Firefox never exposes to content scripts, and an older copy in
 * storage.local is removed.
 */
export async function keepStorageFromContentScripts(): Promise<'restricted' | 'session-storage'> {
  const local = browser.storage.local as unknown as AccessLevelArea;
  if (typeof local.setAccessLevel === 'function') {
    await local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
    return 'restricted';
  }
  await browser.storage.local.remove('session');
  return 'session-storage';
}
