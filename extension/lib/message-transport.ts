import { type Browser, browser } from 'wxt/browser';
import type { ExtensionMessageType, MessageOf, MessageResponses } from './messages.ts';
import type { CapturedField } from './readers/captured-listing.ts';
import type { PageReading } from './readers/index.ts';

/**
 * The half of the typed messaging (`messages.ts`) that content scripts load: envelopes, senders and
 * listeners, without zod. The marketplace pages' loaders stay small (issue #16); the background
 * worker, which receives the messages that matter, checks them with the zod schemas of
 * `messages.ts`. The two messages a content script receives are checked here by hand.
 */

/** An error as a value: its message (shown to people as it is) and, for some, a code the UI acts on. */
export type MessageError = { message: string; code?: MessageErrorCode; missing?: CapturedField[] };
export type MessageErrorCode = 'signed-out' | 'no-receiver' | 'unreadable-page';
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: MessageError };

/** An Error that carries its code and, for a capture, the fields the page lacked. */
export class ExtensionError extends Error {
  readonly code: MessageErrorCode | undefined;
  readonly missing: CapturedField[] | undefined;
  constructor(error: MessageError) {
    super(error.message);
    this.name = 'ExtensionError';
    this.code = error.code;
    this.missing = error.missing;
  }
}

export function toMessageError(error: unknown): MessageError {
  if (error instanceof ExtensionError) {
    return { message: error.message, ...(error.code ? { code: error.code } : {}), ...(error.missing ? { missing: error.missing } : {}) };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

function unwrap<T>(envelope: Envelope<T>): T {
  if (!envelope.ok) throw new ExtensionError(envelope.error);
  return envelope.value;
}

/** Sends a message to the background worker; the answer as a value, errors included. */
export async function requestMessage<K extends ExtensionMessageType>(message: MessageOf<K>): Promise<Envelope<MessageResponses[K]>> {
  try {
    const envelope = (await browser.runtime.sendMessage(message)) as Envelope<MessageResponses[K]> | undefined;
    return envelope ?? { ok: false, error: { message: 'The Tradepost background worker did not answer' } };
  } catch (error) {
    return { ok: false, error: toMessageError(error) };
  }
}

/** Sends a message to the background worker; an error answer is thrown as an ExtensionError (for queries and mutations). */
export async function sendMessage<K extends ExtensionMessageType>(message: MessageOf<K>): Promise<MessageResponses[K]> {
  return unwrap(await requestMessage(message));
}

/** Messages the background worker sends to a tab's content script. */
export type TabMessage =
  | { type: 'read-page' }
  /** The session or the panel settings changed: ask for them again (`page-settings`). */
  | { type: 'settings-changed' };
export type TabMessageType = TabMessage['type'];
export type TabMessageResponses = { 'read-page': PageReading; 'settings-changed': null };
export type TabMessageHandlers = {
  [K in TabMessageType]: (message: Extract<TabMessage, { type: K }>) => Promise<TabMessageResponses[K]>;
};

const tabMessageTypes: ReadonlySet<unknown> = new Set<TabMessageType>(['read-page', 'settings-changed']);

/** A tab message, reduced to its type (all it carries), or null for anything else. */
export function parseTabMessage(raw: unknown): TabMessage | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const type: unknown = (raw as { type?: unknown }).type;
  return tabMessageTypes.has(type) ? ({ type } as TabMessage) : null;
}

/** Asks a tab's content script; a tab without one (opened before install, or not a supported page) answers `no-receiver`. */
export async function sendTabMessage<K extends TabMessageType>(
  tabId: number,
  message: Extract<TabMessage, { type: K }>,
): Promise<Envelope<TabMessageResponses[K]>> {
  try {
    const envelope = (await browser.tabs.sendMessage(tabId, message)) as Envelope<TabMessageResponses[K]> | undefined;
    return envelope ?? { ok: false, error: { message: 'The page did not answer', code: 'no-receiver' } };
  } catch {
    return { ok: false, error: { message: 'Tradepost is not running on this page yet: reload it and try again', code: 'no-receiver' } };
  }
}

type Sender = Browser.runtime.MessageSender;

/** A page of this extension (popup, side panel, options) rather than a content script in someone's page. */
export function isExtensionPage(sender: Sender): boolean {
  return sender.tab === undefined || (sender.url ?? '').startsWith(browser.runtime.getURL('/'));
}

/** Listens for messages that `parse` accepts (null: not ours, ignored) and answers with an envelope. */
export function listen<M extends { type: string }>(
  parse: (raw: unknown) => M | null,
  accept: (message: M, sender: Sender) => boolean,
  dispatch: (message: M) => Promise<unknown>,
): () => void {
  const listener = (raw: unknown, sender: Sender, sendResponse: (response: Envelope<unknown>) => void): boolean => {
    // Only this extension's own pages and scripts may talk to it.
    if (sender.id !== browser.runtime.id) return false;
    const message = parse(raw);
    if (message === null) return false;
    if (!accept(message, sender)) {
      sendResponse({ ok: false, error: { message: 'This message is not accepted from here' } });
      return false;
    }
    dispatch(message).then(
      (value) => sendResponse({ ok: true, value: value ?? null }),
      (error: unknown) => sendResponse({ ok: false, error: toMessageError(error) }),
    );
    // Keeps the channel open for the asynchronous answer (works in Chrome and Firefox alike).
    return true;
  };
  browser.runtime.onMessage.addListener(listener);
  return () => browser.runtime.onMessage.removeListener(listener);
}

/** Registers a content script's handlers for what the background worker asks of the page. */
export function listenForTabMessages(handlers: TabMessageHandlers): () => void {
  return listen(
    parseTabMessage,
    // Only the background worker (no tab of its own) asks pages anything.
    (_message, sender) => sender.tab === undefined,
    (message) => (handlers[message.type] as (message: TabMessage) => Promise<unknown>)(message),
  );
}
