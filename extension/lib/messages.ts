import type { User } from '@tradepost/shared/schemas/auth.ts';
import { type Browser, browser } from 'wxt/browser';
import { z } from 'zod';

/**
 * Every message the popup, side panel (and later content scripts) send to the background
 * worker. The schema is checked on arrival, so a malformed or foreign message is ignored
 * rather than trusted.
 */
export const extensionMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('get-session') }),
  z.object({
    type: z.literal('sign-in'),
    server: z.string().max(2048),
    email: z.string().max(254),
    password: z.string().max(200),
  }),
  z.object({ type: z.literal('sign-out') }),
]);
export type ExtensionMessage = z.infer<typeof extensionMessageSchema>;
export type ExtensionMessageType = ExtensionMessage['type'];

/** What the UI may know about the session: never the token. */
export type SessionState =
  | { status: 'signed-out'; server: string }
  | { status: 'signed-in'; server: string; user: User; expires_at: string };

/** The answer to each message type. */
export type MessageResponses = {
  'get-session': SessionState;
  'sign-in': SessionState;
  'sign-out': SessionState;
};

export type MessageOf<K extends ExtensionMessageType> = Extract<ExtensionMessage, { type: K }>;

export type MessageHandlers = {
  [K in ExtensionMessageType]: (message: MessageOf<K>) => Promise<MessageResponses[K]>;
};

/** Errors cannot cross the message channel, so answers travel in this envelope. */
type Envelope<T> = { ok: true; value: T } | { ok: false; error: string };

/** Sends a message to the background worker; a handler's thrown error is rethrown here with its message. */
export async function sendMessage<K extends ExtensionMessageType>(message: MessageOf<K>): Promise<MessageResponses[K]> {
  const envelope = (await browser.runtime.sendMessage(message)) as Envelope<MessageResponses[K]> | undefined;
  if (envelope === undefined) throw new Error('The Tradepost background worker did not answer');
  if (!envelope.ok) throw new Error(envelope.error);
  return envelope.value;
}

/** Registers the background worker's handlers; call it synchronously while the worker starts. */
export function listenForMessages(handlers: MessageHandlers): () => void {
  const listener = (raw: unknown, sender: Browser.runtime.MessageSender, sendResponse: (response: Envelope<unknown>) => void): boolean => {
    // Only this extension's own pages and scripts may talk to the worker.
    if (sender.id !== browser.runtime.id) return false;
    const parsed = extensionMessageSchema.safeParse(raw);
    if (!parsed.success) return false;
    dispatch(handlers, parsed.data).then(
      (value) => sendResponse({ ok: true, value }),
      (error: unknown) => sendResponse({ ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
    // Keeps the channel open for the asynchronous answer (works in Chrome and Firefox alike).
    return true;
  };
  browser.runtime.onMessage.addListener(listener);
  return () => browser.runtime.onMessage.removeListener(listener);
}

function dispatch(handlers: MessageHandlers, message: ExtensionMessage): Promise<unknown> {
  switch (message.type) {
    case 'get-session':
      return handlers['get-session'](message);
    case 'sign-in':
      return handlers['sign-in'](message);
    case 'sign-out':
      return handlers['sign-out'](message);
  }
}
