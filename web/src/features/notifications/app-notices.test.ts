import { describe, expect, it, vi } from 'vitest';
import { notify, subscribeNotices } from './app-notices.ts';

describe('app notices', () => {
  it('keeps notices raised before the toaster mounts and hands them over, then delivers live', () => {
    notify({ intent: 'error', title: 'early' });
    const seen = vi.fn();
    const unsubscribe = subscribeNotices(seen);
    expect(seen).toHaveBeenCalledWith({ intent: 'error', title: 'early' });
    notify({ intent: 'info', title: 'live' });
    expect(seen).toHaveBeenLastCalledWith({ intent: 'info', title: 'live' });
    unsubscribe();
    notify({ intent: 'info', title: 'after' });
    expect(seen).toHaveBeenCalledTimes(2);
    const next = vi.fn();
    subscribeNotices(next)();
    expect(next).toHaveBeenCalledWith({ intent: 'info', title: 'after' });
  });

  it('keeps only the last 10 while nobody listens', () => {
    for (let index = 0; index < 15; index += 1) notify({ intent: 'info', title: `n${index}` });
    const seen = vi.fn();
    subscribeNotices(seen)();
    expect(seen).toHaveBeenCalledTimes(10);
    expect(seen.mock.calls[0]?.[0]).toMatchObject({ title: 'n5' });
  });
});
