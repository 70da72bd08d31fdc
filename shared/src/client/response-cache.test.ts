import { afterEach, describe, expect, it, vi } from 'vitest';
import { createResponseCache } from './response-cache.ts';

function clock(start = 1_000_000) {
  let time = start;
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

/** A promise the test settles by hand, to hold a load in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createResponseCache', () => {
  it('serves an entry until its lifetime ends', () => {
    const time = clock();
    const cache = createResponseCache<string>({ now: time.now });
    cache.set('k', '/p', 'v', 30_000);
    time.advance(29_999);
    expect(cache.get('k')).toEqual({ value: 'v' });
    time.advance(1);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.dispose();
  });

  it('evicts the least recently used entry when full', () => {
    const cache = createResponseCache<string>({ maxEntries: 3 });
    cache.set('a', '/a', 'A', 60_000);
    cache.set('b', '/b', 'B', 60_000);
    cache.set('c', '/c', 'C', 60_000);
    cache.get('a');
    cache.set('d', '/d', 'D', 60_000);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.value).toBe('A');
    expect(cache.get('c')?.value).toBe('C');
    expect(cache.get('d')?.value).toBe('D');
    cache.dispose();
  });

  it('holds at most 1000 entries by default', () => {
    const cache = createResponseCache<number>();
    for (let i = 0; i <= 1000; i += 1) cache.set(`k${i}`, `/p/${i}`, i, 60_000);
    expect(cache.size).toBe(1000);
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k1000')?.value).toBe(1000);
    cache.dispose();
  });

  it('sweeps expired entries every 5 minutes without being read', () => {
    vi.useFakeTimers();
    const cache = createResponseCache<string>();
    cache.set('short', '/short', 'x', 60_000);
    cache.set('long', '/long', 'y', 10 * 60_000);
    vi.advanceTimersByTime(5 * 60_000 - 1);
    expect(cache.size).toBe(2);
    vi.advanceTimersByTime(1);
    expect(cache.size).toBe(1);
    vi.advanceTimersByTime(5 * 60_000);
    expect(cache.size).toBe(0);
    cache.dispose();
  });

  it('runs no timer until something is stored, and none after dispose', () => {
    vi.useFakeTimers();
    const cache = createResponseCache<string>();
    expect(vi.getTimerCount()).toBe(0);
    cache.set('k', '/p', 'v', 1_000);
    expect(vi.getTimerCount()).toBe(1);
    cache.dispose();
    expect(vi.getTimerCount()).toBe(0);
    expect(cache.size).toBe(0);
    cache.set('k', '/p', 'v', 1_000);
    expect(cache.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('invalidates by path prefix, segment by segment, or everything', () => {
    const cache = createResponseCache<string>();
    cache.set('1', '/businesses/b1/products?limit=50', 'p', 60_000);
    cache.set('2', '/businesses/b1/products/7', 'p7', 60_000);
    cache.set('3', '/businesses/b1/products-archive', 'pa', 60_000);
    cache.set('4', '/businesses/b1/sales', 's', 60_000);
    cache.invalidate('/businesses/b1/products');
    expect([cache.get('1'), cache.get('2')]).toEqual([undefined, undefined]);
    expect(cache.get('3')?.value).toBe('pa');
    expect(cache.get('4')?.value).toBe('s');
    cache.invalidate();
    expect(cache.size).toBe(0);
    cache.dispose();
  });

  it('shares one in-flight load between concurrent callers and stores its answer', async () => {
    const cache = createResponseCache<string>();
    const answer = deferred<string>();
    const loader = vi.fn(() => answer.promise);
    const first = cache.load('k', '/p', 60_000, loader);
    const second = cache.load('k', '/p', 60_000, loader);
    answer.resolve('v');
    await expect(Promise.all([first, second])).resolves.toEqual(['v', 'v']);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(cache.get('k')?.value).toBe('v');
    cache.dispose();
  });

  it('shares a failure and stores nothing', async () => {
    const cache = createResponseCache<string>();
    const loader = vi.fn(() => Promise.reject(new Error('down')));
    const results = await Promise.allSettled([cache.load('k', '/p', 60_000, loader), cache.load('k', '/p', 60_000, loader)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(cache.get('k')).toBeUndefined();
    // The failed load is forgotten, so the next call tries again.
    await expect(cache.load('k', '/p', 60_000, () => Promise.resolve('ok'))).resolves.toBe('ok');
    cache.dispose();
  });

  it('does not store an answer that was in flight when its path was invalidated', async () => {
    const cache = createResponseCache<string>();
    const old = deferred<string>();
    const pending = cache.load('k', '/businesses/b1/products', 60_000, () => old.promise);
    cache.invalidate('/businesses/b1/products');
    const loader = vi.fn(() => Promise.resolve('new'));
    const next = cache.load('k', '/businesses/b1/products', 60_000, loader);
    expect(loader).not.toHaveBeenCalled(); // runs on the next microtask
    old.resolve('old');
    await expect(pending).resolves.toBe('old');
    await expect(next).resolves.toBe('new');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(cache.get('k')?.value).toBe('new');
    cache.dispose();
  });

  it('lets a forced load replace the one in flight, whose later answer is not stored', async () => {
    const cache = createResponseCache<string>();
    const old = deferred<string>();
    const stale = cache.load('k', '/p', 60_000, () => old.promise);
    const fresh = cache.load('k', '/p', 60_000, () => Promise.resolve('fresh'), { force: true });
    await expect(fresh).resolves.toBe('fresh');
    old.resolve('stale');
    await expect(stale).resolves.toBe('stale');
    expect(cache.get('k')?.value).toBe('fresh');
    cache.dispose();
  });
});
