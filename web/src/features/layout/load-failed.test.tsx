import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LoadFailed } from './load-failed.tsx';

const noop = () => undefined;

describe('LoadFailed', () => {
  it('says what could not be loaded', () => {
    const html = renderToStaticMarkup(<LoadFailed subject="The counts" onRetry={noop} />);
    expect(html).toContain('The counts could not be loaded.');
  });

  it('offers an enabled Try again button with no spinner', () => {
    const html = renderToStaticMarkup(<LoadFailed subject="Sync health" onRetry={noop} />);
    expect(html).toMatch(/<button[^>]*>.*Try again<\/button>/);
    expect(html).not.toContain('aria-disabled="true"');
    expect(html).not.toContain('fui-Spinner');
  });

  it('keeps the button focusable but disabled, with a spinner, while retrying', () => {
    const html = renderToStaticMarkup(<LoadFailed subject="Recent sales" onRetry={noop} retrying />);
    expect(html).toMatch(/<button[^>]*aria-disabled="true"[^>]*>.*Try again<\/button>/);
    expect(html).not.toMatch(/<button[^>]*\sdisabled=""/);
    expect(html).toContain('fui-Spinner');
  });
});
