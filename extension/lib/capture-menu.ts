import { type Browser, browser } from 'wxt/browser';
import { type CaptureOutcome, describeFields } from './capture-service.ts';
import { type Envelope, ExtensionError, type MessageError, sendTabMessage } from './messages.ts';
import type { CapturedListing } from './readers/captured-listing.ts';
import { capturedListingSchema } from './readers/captured-listing-schema.ts';
import type { PageReading } from './readers/index.ts';
import { allSiteMatches } from './sites.ts';

export const captureMenuItemId = 'tradepost-capture-listing';

export type CaptureMenuOutcome =
  | { handled: false }
  | {
      handled: true;
      pageUrl: string | null;
      ok: boolean;
      /** What the notification said. */
      message: string;
      /** Where clicking the notification goes: the new draft, or the product we already had. */
      openUrl: string | null;
    };

export type CaptureMenuClickHandler = (
  info: Pick<Browser.contextMenus.OnClickData, 'menuItemId' | 'pageUrl' | 'linkUrl'>,
  tab?: Pick<Browser.tabs.Tab, 'id' | 'url'>,
) => Promise<CaptureMenuOutcome>;

declare global {
  /**
   * The context-menu click handler, reachable from tests through the service worker
   * (`sw.evaluate`), because a real context-menu click cannot be simulated.
   */
  var tradepostCaptureMenuClick: CaptureMenuClickHandler | undefined;
}

export type CaptureMenuDeps = {
  readTab(tabId: number): Promise<Envelope<PageReading>>;
  capture(listing: CapturedListing): Promise<CaptureOutcome>;
  notify(notice: { message: string; openUrl: string | null }): Promise<void>;
};

const quoted = (title: string) => `‘${title.length > 60 ? `${title.slice(0, 57)}…` : title}’`;

/** What the notification says for a capture that worked. */
export function captureMessage(outcome: CaptureOutcome): string {
  if (outcome.status === 'exists') {
    return `${quoted(outcome.title)} is already in Tradepost (same ${outcome.basis === 'sku' ? 'SKU' : 'style code'}). Click to open it.`;
  }
  const missing = outcome.missing.filter((field) => field !== 'listing_id');
  const lacking = missing.length > 0 ? ` Not on the page: ${describeFields(missing)}.` : '';
  const photos =
    outcome.photos.failed > 0 ? ` ${outcome.photos.failed} photo${outcome.photos.failed === 1 ? '' : 's'} could not be copied.` : '';
  return `Saved ${quoted(outcome.title)} as a draft in Tradepost.${lacking}${photos} Click to finish it.`;
}

function readingError(reading: PageReading): MessageError | null {
  if (reading.status === 'unsupported') {
    return {
      message: 'Tradepost cannot read this page: open a single listing on eBay, Shopify admin or Whatnot.',
      code: 'unreadable-page',
    };
  }
  if (reading.status === 'no-listing') {
    return { message: 'This page shows no single listing: open one listing and capture it there.', code: 'unreadable-page' };
  }
  return null;
}

/** The click handler: read the tab through its content script, create the draft, tell the user. */
export function createCaptureMenuHandler(deps: CaptureMenuDeps): CaptureMenuClickHandler {
  return async (info, tab) => {
    if (info.menuItemId !== captureMenuItemId) return { handled: false };
    const pageUrl = info.pageUrl ?? tab?.url ?? info.linkUrl ?? null;
    const finish = async (ok: boolean, message: string, openUrl: string | null = null): Promise<CaptureMenuOutcome> => {
      await deps.notify({ message, openUrl });
      return { handled: true, pageUrl, ok, message, openUrl };
    };
    if (tab?.id === undefined)
      return finish(false, 'Open a listing on eBay, Shopify admin or Whatnot, then choose Capture listing on the page.');

    const answer = await deps.readTab(tab.id);
    if (!answer.ok) return finish(false, answer.error.message);
    const problem = readingError(answer.value);
    if (problem !== null || answer.value.status !== 'read') return finish(false, problem?.message ?? 'Tradepost cannot read this page.');
    try {
      const outcome = await deps.capture(answer.value.listing);
      return finish(true, captureMessage(outcome), outcome.url);
    } catch (error) {
      return finish(false, error instanceof ExtensionError || error instanceof Error ? error.message : String(error));
    }
  };
}

const notificationPrefix = 'tradepost-open:';

/** A notification; clicking one that carries a link opens it in a new tab. */
export async function notify({ message, openUrl }: { message: string; openUrl: string | null }): Promise<void> {
  try {
    await browser.notifications.create(openUrl === null ? '' : `${notificationPrefix}${Date.now()}:${openUrl}`, {
      type: 'basic',
      iconUrl: browser.runtime.getURL('/icon/128.png'),
      title: 'Tradepost',
      message,
    });
  } catch {
    // Notifications switched off for the browser: the outcome is still returned to the caller.
  }
}

/**
 * A page's reading as its content script answered it, checked against the listing schema: the
 * content scripts leave zod out to stay small, so the worker checks what it is about to capture, as
 * it checks the listing of every `lookup-listing` and `capture-listing` message.
 */
export function checkedReading(answer: Envelope<PageReading>): Envelope<PageReading> {
  if (!answer.ok || answer.value.status !== 'read') return answer;
  const parsed = capturedListingSchema.safeParse(answer.value.listing);
  if (parsed.success) return { ok: true, value: { status: 'read', listing: parsed.data } };
  return { ok: false, error: { message: 'Tradepost could not read the listing on this page.', code: 'unreadable-page' } };
}

/** Adds 'Capture listing' to the context menu of supported pages; call synchronously while the worker starts. */
export function registerCaptureMenu(capture: CaptureMenuDeps['capture']): void {
  const handler = createCaptureMenuHandler({
    readTab: async (tabId) => checkedReading(await sendTabMessage(tabId, { type: 'read-page' })),
    capture,
    notify,
  });
  browser.runtime.onInstalled.addListener(() => {
    // Menu items survive worker restarts; creating them once per install or update is enough.
    browser.contextMenus.create({
      id: captureMenuItemId,
      title: 'Capture listing',
      contexts: ['page', 'link', 'image', 'selection'],
      documentUrlPatterns: allSiteMatches,
    });
  });
  browser.contextMenus.onClicked.addListener((info, tab) => {
    void handler(info, tab);
  });
  browser.notifications.onClicked.addListener((notificationId) => {
    if (!notificationId.startsWith(notificationPrefix)) return;
    const url = notificationId.slice(notificationPrefix.length).replace(/^\d+:/, '');
    void browser.tabs.create({ url });
    void browser.notifications.clear(notificationId);
  });
  globalThis.tradepostCaptureMenuClick = handler;
}
