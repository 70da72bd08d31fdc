import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVersionWatcher, VERSION_CHECK_INTERVAL_MS } from './version-watcher.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createVersionWatcher', () => {
  it('checks at start and every 5 minutes, and announces a new build once', async () => {
    const builds = ['a1', 'a1', 'b2', 'b2', 'b2'];
    const fetchBuild = vi.fn(async () => builds.shift() ?? 'b2');
    const onLoadedBuild = vi.fn();
    const onNewBuild = vi.fn();
    const watcher = createVersionWatcher({ fetchBuild, onLoadedBuild, onNewBuild });
    expect(VERSION_CHECK_INTERVAL_MS).toBe(300_000);

    const stop = watcher.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchBuild).toHaveBeenCalledTimes(1);
    expect(onLoadedBuild).toHaveBeenCalledWith('a1');
    expect(watcher.loadedBuild).toBe('a1');

    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS - 1);
    expect(fetchBuild).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchBuild).toHaveBeenCalledTimes(2);
    expect(onNewBuild).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS);
    expect(onNewBuild).toHaveBeenCalledWith('b2', 'a1');
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS * 2);
    expect(fetchBuild).toHaveBeenCalledTimes(5);
    expect(onNewBuild).toHaveBeenCalledTimes(1);

    stop();
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS * 3);
    expect(fetchBuild).toHaveBeenCalledTimes(5);
  });

  it('skips a failed check and takes the first build it can read as the loaded one', async () => {
    const fetchBuild = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('a1').mockResolvedValue('c3');
    const onNewBuild = vi.fn();
    const watcher = createVersionWatcher({ fetchBuild, onNewBuild });
    watcher.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(watcher.loadedBuild).toBeUndefined();
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS);
    expect(watcher.loadedBuild).toBe('a1');
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS);
    expect(onNewBuild).toHaveBeenCalledWith('c3', 'a1');
  });

  it('does not overlap a slow check with the next one', async () => {
    let resolve: (build: string) => void = () => undefined;
    const fetchBuild = vi.fn(() => new Promise<string>((done) => (resolve = done)));
    const watcher = createVersionWatcher({ fetchBuild, onNewBuild: vi.fn() });
    void watcher.check();
    void watcher.check();
    expect(fetchBuild).toHaveBeenCalledTimes(1);
    resolve('a1');
    await vi.advanceTimersByTimeAsync(0);
    void watcher.check();
    expect(fetchBuild).toHaveBeenCalledTimes(2);
  });
});
