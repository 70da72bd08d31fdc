import { describe, expect, it, vi } from 'vitest';
import { type CaptureMenuDeps, captureMenuItemId, checkedReading, createCaptureMenuHandler } from './capture-menu.ts';
import type { CaptureOutcome } from './capture-service.ts';
import { ExtensionError } from './messages.ts';
import { fixtureDocument } from './readers/fixture-pages.test-support.ts';
import { readPage } from './readers/index.ts';

const click = { menuItemId: captureMenuItemId, pageUrl: 'https://www.ebay.com/itm/256473829104' };
const tab = { id: 7, url: click.pageUrl };

function deps(overrides: Partial<CaptureMenuDeps> = {}) {
  const notices: Array<{ message: string; openUrl: string | null }> = [];
  const created: CaptureOutcome = {
    status: 'created',
    kind: 'product',
    id: 'p1',
    title: 'Air Jordan 1',
    path: '/products/p1/configure',
    url: 'http://tp.test/products/p1/configure',
    missing: ['listing_id', 'sku', 'colour'],
    photos: { copied: 2, failed: 1 },
  };
  const value: CaptureMenuDeps = {
    readTab: async () => ({ ok: true, value: readPage(fixtureDocument('ebay-item.html'), click.pageUrl) }),
    capture: vi.fn(async () => created),
    notify: async (notice) => {
      notices.push(notice);
    },
    ...overrides,
  };
  return { value, notices };
}

describe('Capture listing menu', () => {
  it('ignores other menu items', async () => {
    const { value } = deps();
    expect(await createCaptureMenuHandler(value)({ menuItemId: 'other' }, tab)).toEqual({ handled: false });
  });

  it('reads the tab, creates the draft and links the notification to it', async () => {
    const { value, notices } = deps();
    const outcome = await createCaptureMenuHandler(value)(click, tab);
    expect(value.capture).toHaveBeenCalledWith(expect.objectContaining({ listing_id: '256473829104', style_code: 'DZ5485-612' }));
    expect(outcome).toEqual({
      handled: true,
      ok: true,
      pageUrl: click.pageUrl,
      message:
        'Saved ‘Air Jordan 1’ as a draft in Tradepost. Not on the page: SKU, colour. 1 photo could not be copied. Click to finish it.',
      openUrl: 'http://tp.test/products/p1/configure',
    });
    expect(notices).toEqual([{ message: outcome.handled ? outcome.message : '', openUrl: 'http://tp.test/products/p1/configure' }]);
  });

  it('says what a page lacked when it cannot be captured', async () => {
    const { value, notices } = deps({
      capture: async () => {
        throw new ExtensionError({ message: 'Could not capture this page: it shows no title, price.', code: 'unreadable-page' });
      },
    });
    const outcome = await createCaptureMenuHandler(value)(click, tab);
    expect(outcome).toMatchObject({
      handled: true,
      ok: false,
      message: 'Could not capture this page: it shows no title, price.',
      openUrl: null,
    });
    expect(notices).toHaveLength(1);
  });

  it('explains pages without a reader, without a listing, and tabs without the content script', async () => {
    const handler = (readTab: CaptureMenuDeps['readTab']) => createCaptureMenuHandler(deps({ readTab }).value);
    expect(await handler(async () => ({ ok: true, value: { status: 'unsupported' } }))(click, tab)).toMatchObject({
      ok: false,
      message: 'Tradepost cannot read this page: open a single listing on eBay, Shopify admin or Whatnot.',
    });
    expect(await handler(async () => ({ ok: true, value: { status: 'no-listing', page: 'ebay-seller-hub' } }))(click, tab)).toMatchObject({
      ok: false,
      message: 'This page shows no single listing: open one listing and capture it there.',
    });
    expect(
      await handler(async () => ({
        ok: false,
        error: { message: 'Tradepost is not running on this page yet: reload it and try again', code: 'no-receiver' },
      }))(click, tab),
    ).toMatchObject({ ok: false, message: 'Tradepost is not running on this page yet: reload it and try again' });
    expect(await handler(async () => ({ ok: true, value: { status: 'unsupported' } }))(click)).toMatchObject({
      ok: false,
      message: 'Open a listing on eBay, Shopify admin or Whatnot, then choose Capture listing on the page.',
    });
  });

  it("checks the page's listing in the worker, since content scripts send it unchecked (no zod in them)", async () => {
    const reading = readPage(fixtureDocument('ebay-item.html'), click.pageUrl);
    if (reading.status !== 'read') throw new Error(reading.status);
    expect(checkedReading({ ok: true, value: reading })).toEqual({ ok: true, value: reading });
    const forged = { ...reading.listing, price: { cents: -5, currency: 'USD' } };
    expect(checkedReading({ ok: true, value: { status: 'read', listing: forged } })).toEqual({
      ok: false,
      error: { message: 'Tradepost could not read the listing on this page.', code: 'unreadable-page' },
    });
    const capture = vi.fn(async () => {
      throw new Error('not reached');
    });
    const outcome = await createCaptureMenuHandler(
      deps({ readTab: async () => checkedReading({ ok: true, value: { status: 'read', listing: forged } }), capture }).value,
    )(click, tab);
    expect(outcome).toMatchObject({ ok: false, message: 'Tradepost could not read the listing on this page.' });
    expect(capture).not.toHaveBeenCalled();
  });
});
