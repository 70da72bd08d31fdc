import { createHash } from 'node:crypto';
import type { SimClock } from '../kit/clock.ts';
import { Sequence } from '../kit/ids.ts';

export type Json = Record<string, unknown>;

export const ALL_SCOPES = [
  'ITEMS_READ',
  'ITEMS_WRITE',
  'INVENTORY_READ',
  'INVENTORY_WRITE',
  'ORDERS_READ',
  'ORDERS_WRITE',
  'MERCHANT_PROFILE_READ',
];

export type TokenRec = { token: string; scopes: string[]; expiresAt: number | null; revoked: boolean; kind: 'personal' | 'oauth' };

export type CountRec = { variationId: string; locationId: string; state: string; quantity: number; calculatedAt: string };

export type ChangeRec = Json & {
  type: 'PHYSICAL_COUNT' | 'ADJUSTMENT' | 'TRANSFER';
  id: string;
  createdAt: string;
  touches: { variationId: string; locationIds: string[] };
};

export type SubscriptionRec = {
  id: string;
  name: string;
  enabled: boolean;
  event_types: string[];
  notification_url: string;
  api_version: string;
  signature_key: string;
  created_at: string;
  updated_at: string;
};

export type SquareCredentials = {
  applicationId: string;
  applicationSecret: string;
  /** A personal access token with every scope (never expires). */
  accessToken: string;
  merchantId: string;
};

export type SquareState = {
  clock: SimClock;
  credentials: SquareCredentials;
  tokens: Map<string, TokenRec>;
  refreshTokens: Map<string, { token: string; scopes: string[] }>;
  codes: Map<string, { code: string; scopes: string[]; expiresAt: number; used: boolean }>;
  locations: Map<string, Json & { id: string; name: string; status: string }>;
  catalog: Map<string, Json & { id: string; type: string; version: number; updated_at: string; is_deleted: boolean }>;
  catalogVersion: number;
  catalogBusy: boolean;
  counts: Map<string, CountRec>;
  changes: ChangeRec[];
  orders: Map<string, Json & { id: string; location_id: string; state: string; version: number; created_at: string; updated_at: string }>;
  subscriptions: Map<string, SubscriptionRec>;
  idempotency: Map<string, { hash: string; status: number; body: unknown }>;
  requestTimes: number[];
  seq: Record<'id' | 'token', Sequence>;
};

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A Square-looking id (uppercase base32), deterministic per simulator run. */
export function squareId(state: SquareState, length = 24, prefix = ''): string {
  const digest = createHash('sha256').update(`sq-${state.seq.id.next()}`).digest();
  let out = prefix;
  for (let i = 0; out.length < length; i++) out += BASE32[(digest[i % digest.length] ?? 0) % 32];
  return out;
}

export function createSquareState(clock: SimClock, credentials: SquareCredentials): SquareState {
  const state: SquareState = {
    clock,
    credentials,
    tokens: new Map(),
    refreshTokens: new Map(),
    codes: new Map(),
    locations: new Map(),
    catalog: new Map(),
    catalogVersion: 0,
    catalogBusy: false,
    counts: new Map(),
    changes: [],
    orders: new Map(),
    subscriptions: new Map(),
    idempotency: new Map(),
    requestTimes: [],
    seq: { id: new Sequence(), token: new Sequence() },
  };
  seedSquareBase(state);
  return state;
}

/** A fresh seller: two active locations and the personal access token. */
export function seedSquareBase(state: SquareState): void {
  const location = (id: string, name: string, city: string) => {
    state.locations.set(id, {
      id,
      name,
      status: 'ACTIVE',
      type: 'PHYSICAL',
      address: {
        address_line_1: '1 Sim Street',
        locality: city,
        administrative_district_level_1: 'CA',
        postal_code: '94105',
        country: 'US',
      },
      timezone: 'America/Los_Angeles',
      currency: 'USD',
      country: 'US',
      capabilities: ['CREDIT_CARD_PROCESSING'],
      merchant_id: state.credentials.merchantId,
      business_name: 'Tradepost Sim',
      created_at: '2024-01-01T00:00:00Z',
    });
  };
  location('LSIMMAIN0000A', 'Sim Main Store', 'San Francisco');
  location('LSIMWARE0000B', 'Sim Warehouse', 'Oakland');
  state.tokens.set(state.credentials.accessToken, {
    token: state.credentials.accessToken,
    scopes: ALL_SCOPES,
    expiresAt: null,
    revoked: false,
    kind: 'personal',
  });
}

export function clearSquareState(state: SquareState): void {
  for (const map of [
    state.tokens,
    state.refreshTokens,
    state.codes,
    state.locations,
    state.catalog,
    state.counts,
    state.orders,
    state.subscriptions,
    state.idempotency,
  ])
    map.clear();
  state.changes = [];
  state.requestTimes = [];
  state.catalogVersion = 0;
  state.catalogBusy = false;
  for (const seq of Object.values(state.seq)) seq.reset();
  seedSquareBase(state);
}

export function countKey(variationId: string, locationId: string, inventoryState: string): string {
  return `${variationId}|${locationId}|${inventoryState}`;
}

/** Square quantities are decimal strings with up to 5 decimals; trailing zeros are dropped. */
export function formatQuantity(value: number): string {
  return String(Number(value.toFixed(5)));
}

/** The next catalog version: increasing, derived from the clock like Square's. */
export function nextCatalogVersion(state: SquareState): number {
  state.catalogVersion = Math.max(state.catalogVersion + 1, state.clock.now());
  return state.catalogVersion;
}

export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '.000Z');
}
