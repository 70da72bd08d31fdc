import { describe, expect, it, vi } from 'vitest';
import { boot } from './boot.ts';

describe('boot (spec §2 startup render failure)', () => {
  it('starts the app and shows nothing else when all goes well', async () => {
    const showError = vi.fn();
    const start = vi.fn();
    await boot(async () => start, showError);
    expect(start).toHaveBeenCalledTimes(1);
    expect(showError).not.toHaveBeenCalled();
  });

  it("shows the Loading Error page when the app's code cannot load", async () => {
    const showError = vi.fn();
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/start-app.js');
    await boot(() => Promise.reject(failure), showError);
    expect(showError).toHaveBeenCalledWith(failure);
  });

  it('shows it when rendering throws at start, or reports a fatal error later, once', async () => {
    const showError = vi.fn();
    await boot(
      async () => () => {
        throw new Error('render failed');
      },
      showError,
    );
    expect(showError).toHaveBeenCalledTimes(1);

    const later = vi.fn();
    let report: (error: unknown) => void = () => undefined;
    await boot(
      async () => (onFatal) => {
        report = onFatal;
      },
      later,
    );
    report(new Error('a provider threw'));
    report(new Error('and again'));
    expect(later).toHaveBeenCalledTimes(1);
  });
});
