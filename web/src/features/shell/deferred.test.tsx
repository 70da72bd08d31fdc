import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from './deferred.tsx';

// The unit project runs in Node without a DOM: a server render shows what the first render draws.

const Panel = ({ label }: { label: string }) => <p>panel {label}</p>;

describe('a deferred piece of the frame', () => {
  it('draws its fallback until its code is here, then draws itself at once; the code is asked for once', async () => {
    const load = vi.fn(async () => Panel);
    const Piece = deferred(load);
    expect(renderToString(<Piece label="one" fallback={<span>waiting</span>} />)).toBe('<span>waiting</span>');
    expect(load).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([Piece.preload(), Piece.preload()]);
    expect(first).toBe(Panel);
    expect(second).toBe(Panel);
    expect(load).toHaveBeenCalledTimes(1);
    expect(renderToString(<Piece label="one" fallback={<span>waiting</span>} />)).toBe('<p>panel <!-- -->one</p>');
  });

  it('a failed download leaves the fallback, and the next preload asks again', async () => {
    const load = vi.fn<() => Promise<typeof Panel>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Panel);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const Piece = deferred(load);
    expect(await Piece.preload()).toBeUndefined();
    expect(renderToString(<Piece label="two" />)).toBe('');
    expect(await Piece.preload()).toBe(Panel);
    expect(load).toHaveBeenCalledTimes(2);
    expect(renderToString(<Piece label="two" />)).toContain('panel');
    warn.mockRestore();
  });
});
