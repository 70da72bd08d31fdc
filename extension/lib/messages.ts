import type { EventStreamState } from '@tradepost/shared/client/event-stream.ts';
import type { User } from '@tradepost/shared/schemas/auth.ts';
import type { BatchOperation } from '@tradepost/shared/schemas/batch-operations.ts';
import { centsSchema } from '@tradepost/shared/schemas/common.ts';
import type { BatchOperationEvent } from '@tradepost/shared/schemas/events.ts';
import { adjustmentReasonSchema } from '@tradepost/shared/schemas/inventory.ts';
import type { Listing } from '@tradepost/shared/schemas/listings.ts';
import type { Sale } from '@tradepost/shared/schemas/sales.ts';
import { z } from 'zod';
import type { CaptureOutcome } from './capture-service.ts';
import type { ListingLookup } from './catalog-lookup.ts';
import type { ChannelState } from './channel-actions.ts';
import { isExtensionPage, listen } from './message-transport.ts';
import { type MarketplaceSite, marketplaceSites } from './readers/captured-listing.ts';
import { capturedListingSchema } from './readers/captured-listing-schema.ts';
import type { ProductStock, ProductSummary } from './stock-view.ts';

export {
  type Envelope,
  ExtensionError,
  isExtensionPage,
  listenForTabMessages,
  type MessageError,
  type MessageErrorCode,
  requestMessage,
  sendMessage,
  sendTabMessage,
  type TabMessage,
  type TabMessageHandlers,
  type TabMessageResponses,
  type TabMessageType,
  toMessageError,
} from './message-transport.ts';

/**
 * The typed wrapper for every message in the extension:
 * - pages (popup, side panel, options) and content scripts → background worker: `sendMessage`;
 * - background worker → a tab's content script: `sendTabMessage`;
 * - side panel ⇄ background, long-lived: the batch-progress port (`batchStreamPortName`).
 * The worker checks what arrives with zod, so a malformed or foreign message is ignored rather than
 * trusted; content scripts check the two messages they receive by hand. Errors do not survive the
 * message channel, so answers travel as values: `{ ok: true, value } | { ok: false, error }`.
 * The senders and listeners live in `message-transport.ts` (no zod: content scripts load it) and
 * are re-exported here.
 */

const uuid = z.uuid();
const site = z.enum(marketplaceSites);
const cents = centsSchema('Price', { min: 1 });

export const extensionMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('get-session') }),
  z.object({
    type: z.literal('sign-in'),
    server: z.string().max(2048),
    email: z.string().max(254),
    password: z.string().max(200),
  }),
  z.object({ type: z.literal('sign-out') }),
  /** Our product for the listing on screen, its stock and the channel's price rule. */
  z.object({ type: z.literal('lookup-listing'), listing: capturedListingSchema }),
  /** Side panel search as you type. */
  z.object({ type: z.literal('search-products'), q: z.string().trim().max(100) }),
  z.object({ type: z.literal('product-stock'), product_id: uuid }),
  /** "Add to inventory": the listing becomes a draft in Tradepost. */
  z.object({ type: z.literal('capture-listing'), listing: capturedListingSchema }),
  /** Opens a Tradepost screen in a new tab (the worker knows the server address). */
  z.object({
    type: z.literal('open-in-tradepost'),
    path: z
      .string()
      .max(300)
      .regex(/^\/[A-Za-z0-9/_?=&.%-]*$/),
  }),
  /**
   * What a marketplace page's panel needs to know, and may: whether it shows on this site, whether
   * it is folded, and the session (never the token). Content scripts cannot read extension storage.
   */
  z.object({ type: z.literal('page-settings'), site }),
  z.object({ type: z.literal('set-panel-collapsed'), site, collapsed: z.boolean() }),
  /** The product's listings on every connected marketplace (the inventory-control matrix). */
  z.object({ type: z.literal('channel-state'), product_id: uuid, search: z.string().trim().min(1).max(100) }),
  z.object({ type: z.literal('list-product'), connection_id: uuid, product_id: uuid }),
  z.object({ type: z.literal('end-listing'), connection_id: uuid, product_id: uuid }),
  z.object({
    type: z.literal('adjust-stock'),
    location_id: uuid,
    variant_id: uuid,
    quantity: z
      .number()
      .int()
      .refine((quantity) => quantity !== 0 && Math.abs(quantity) <= 100_000),
    reason: adjustmentReasonSchema,
  }),
  /** A price batch on one connection (the API's price change); progress on the batch-watch port. */
  z.object({
    type: z.literal('apply-price'),
    connection_id: uuid,
    items: z
      .array(z.object({ variant_id: uuid, price_cents: cents }))
      .min(1)
      .max(200),
  }),
  z.object({ type: z.literal('batch-status'), batch_id: uuid }),
  /** One unit sold outside the marketplaces (a manual order, or at the counter from a location). */
  z.object({
    type: z.literal('record-sale'),
    channel: z.enum(['manual', 'in_store']),
    variant_id: uuid,
    unit_price_cents: centsSchema('Price'),
    location_id: uuid.optional(),
  }),
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
  'lookup-listing': ListingLookup;
  'search-products': ProductSummary[];
  'product-stock': ProductStock;
  'capture-listing': CaptureOutcome;
  'open-in-tradepost': null;
  'page-settings': PageSettings;
  'set-panel-collapsed': PageSettings;
  'channel-state': ChannelState;
  'list-product': Listing;
  'end-listing': BatchOperation;
  'adjust-stock': { on_hand: number };
  'apply-price': BatchOperation;
  'batch-status': BatchOperation;
  'record-sale': Sale;
};

/** A marketplace page's panel settings and the session, as the worker answers them to content scripts. */
export type PageSettings = { site: MarketplaceSite; visible: boolean; collapsed: boolean; session: SessionState };

/** Content scripts run beside pages we do not control: they may read and capture, never sign in or out. */
const extensionPagesOnly: ReadonlySet<ExtensionMessageType> = new Set(['sign-in', 'sign-out']);

export type MessageOf<K extends ExtensionMessageType> = Extract<ExtensionMessage, { type: K }>;

export type MessageHandlers = {
  [K in ExtensionMessageType]: (message: MessageOf<K>) => Promise<MessageResponses[K]>;
};

/** Registers the background worker's handlers; call it synchronously while the worker starts. */
export function listenForMessages(handlers: MessageHandlers): () => void {
  return listen(
    (raw) => {
      const parsed = extensionMessageSchema.safeParse(raw);
      return parsed.success ? parsed.data : null;
    },
    (message, sender) => !extensionPagesOnly.has(message.type) || isExtensionPage(sender),
    (message) => (handlers[message.type] as (message: ExtensionMessage) => Promise<unknown>)(message),
  );
}

/** The side panel's long-lived connection for batch-operation progress. */
export const batchStreamPortName = 'tradepost-batch-stream';

export type BatchStreamPortMessage = { type: 'state'; state: EventStreamState } | { type: 'event'; event: BatchOperationEvent };

/** Heartbeats from the side panel keep an MV3 worker (which idles out after 30 s) alive while someone watches. */
export type BatchStreamPing = { type: 'ping' };
export const BATCH_STREAM_PING_MS = 20_000;

/**
 * A marketplace page's panel watching the one batch it started: the worker relays the stream's
 * state and only that batch's events (after the panel's `watch`), never the rest of the business's.
 */
export const batchWatchPortName = 'tradepost-batch-watch';
export type BatchWatchRequest = { type: 'watch'; batch_id: string };
