import type { Credentials, ListingPhoto, PhotoFile, PlatformPhoto, TokenStore } from './types.ts';

// Test doubles shared by the adapter tests: an in-memory token store and a sleep that only records.

export type MemoryTokenStore = TokenStore & { creds: Credentials | null; saved: Credentials[]; reconnects: string[] };

export function memoryTokenStore(initial: Credentials | null = null): MemoryTokenStore {
  const store: MemoryTokenStore = {
    creds: initial,
    saved: [],
    reconnects: [],
    current: async () => {
      if (!store.creds) throw new Error('not connected');
      return store.creds;
    },
    save: async (next) => {
      store.creds = next;
      store.saved.push(next);
    },
    reconnectNeeded: async (reason) => {
      store.reconnects.push(reason);
    },
    refreshOnce: async (stale, grant) => {
      if (store.creds && store.creds.accessToken !== stale.accessToken) return store.creds;
      const next = await grant(stale);
      await store.save(next);
      return next;
    },
  };
  return store;
}

export function recordingSleep(): { sleeps: number[]; sleep: (ms: number) => Promise<void> } {
  const sleeps: number[] = [];
  return { sleeps, sleep: async (ms) => void sleeps.push(ms) };
}

/** Follows the consent redirect by hand and returns the query of the callback URL. */
export async function consent(url: string): Promise<URLSearchParams> {
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (!location) throw new Error(`no redirect from ${url}: ${response.status}`);
  return new URL(location).searchParams;
}

/** A 1×1 PNG: a real image file every platform accepts. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export type MemoryPhotos = {
  /** The listing's photos now, each with the copy remembered so far. */
  photos(): ListingPhoto[];
  copies: Map<string, PlatformPhoto>;
  /** Media ids whose bytes were read (an upload was needed), in order. */
  reads: string[];
};

/** Photos kept in memory, as the sync engine keeps them in `platform_photos`. */
export function memoryPhotos(
  mediaIds: string[],
  file: Omit<PhotoFile, 'filename'> = { bytes: TINY_PNG, contentType: 'image/png' },
): MemoryPhotos {
  const copies = new Map<string, PlatformPhoto>();
  const reads: string[] = [];
  return {
    copies,
    reads,
    photos: () =>
      mediaIds.map((mediaId) => ({
        mediaId,
        copy: copies.get(mediaId) ?? null,
        read: async () => {
          reads.push(mediaId);
          return { ...file, filename: `${mediaId}.png` };
        },
        remember: async (copy) => void copies.set(mediaId, copy),
      })),
  };
}
