import { describe, expect, it, vi } from 'vitest';
import { createListenerSet } from './listener-set.ts';

describe('createListenerSet', () => {
  it('calls every listener, reports a throwing one and keeps going', () => {
    const onError = vi.fn();
    const set = createListenerSet<number>(onError);
    const seen: number[] = [];
    set.add(() => {
      throw new Error('bug');
    });
    set.add((value) => seen.push(value));
    set.emit(7);
    expect(seen).toEqual([7]);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'bug' }));
  });

  it('removes only the subscription whose unsubscribe was called', () => {
    const set = createListenerSet<string>(() => undefined);
    const listener = vi.fn();
    const first = set.add(listener);
    set.add(listener);
    first();
    first();
    set.emit('x');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(set.size).toBe(1);
  });
});
