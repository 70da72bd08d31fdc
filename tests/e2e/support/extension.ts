import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Worker } from 'playwright-core';
import { CHROMIUM_ARGS } from './browser.ts';

export type LaunchedExtension = {
  context: BrowserContext;
  /** The background service worker; `evaluate` runs code inside it. */
  serviceWorker: Worker;
  extensionId: string;
  /** `chrome-extension://<id>/<path>` */
  url(path: string): string;
  close(): Promise<void>;
};

/** Starts headless Chromium with the built extension loaded in a throwaway profile. */
export async function launchExtension(options: {
  chromiumPath: string;
  extensionDir: string;
  extraArgs?: string[];
}): Promise<LaunchedExtension> {
  const profileDir = await mkdtemp(join(tmpdir(), 'tp-ext-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: options.chromiumPath,
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      `--disable-extensions-except=${options.extensionDir}`,
      `--load-extension=${options.extensionDir}`,
      ...(options.extraArgs ?? []),
    ],
  });
  try {
    const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const extensionId = new URL(serviceWorker.url()).host;
    return {
      context,
      serviceWorker,
      extensionId,
      url: (path) => `chrome-extension://${extensionId}/${path.replace(/^\//, '')}`,
      close: async () => {
        await context.close();
        await rm(profileDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context.close();
    await rm(profileDir, { recursive: true, force: true });
    throw error;
  }
}
