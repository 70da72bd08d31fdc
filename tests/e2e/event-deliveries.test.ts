import type { EventDelivery, EventDeliveryList } from '@tradepost/shared/schemas/events.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, apiCall, createOwner, signedInPage } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';

// Sync Health's section on hand-overs between areas: a stock change made through the API is
// handed to the quantity sync and counted as delivered, on screen without a reload. A browser
// test cannot make a real delivery fail (that takes the database), so the problem table is shown
// from a fixed answer to the one list request, set through Playwright's routing; everything else
// on the page is the real server's.

let browser: Browser;
let owner: Account;
let business: string;
let variantIds: string[] = [];
let locationId = '';

const SECTION = 'Changes handed to marketplace sync';
const call = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(method, `/businesses/${business}${path}`, body, owner.access_token);

async function openSyncHealth(options: { width: number; theme: 'light' | 'dark' }): Promise<Page> {
  return signedInPage(browser, owner, { viewport: { width: options.width, height: 900 }, colorScheme: options.theme });
}

const section = (page: Page) => page.getByRole('region', { name: SECTION });

/** The number under a figure's term ("Delivered" → 3). */
async function figure(page: Page, term: string): Promise<number> {
  const box = section(page)
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) })
    .last();
  return Number(await box.getByRole('definition').first().textContent());
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Hand-over Kicks' });
  business = owner.user.business.id;
  locationId = (await call<{ id: string }[]>('GET', '/locations'))[0]?.id ?? '';
  const product = await call<{ variants: { id: string }[] }>('POST', '/products', {
    title: 'Samba OG Cloud White',
    brand: 'adidas',
    style_code: 'B75806',
    category: 'sneakers',
    size_format: 'us-men',
    variants: ['9', '10'].map((size) => ({ size, sku: `SAMBA-${size}-${Date.now().toString(36)}`, price_cents: 10_000 })),
  });
  variantIds = product.variants.map((v) => v.id);
});
afterAll(async () => browser?.close());

describe('Sync Health: changes handed to the marketplace sync', () => {
  it('counts a change handed to the sync as delivered within one refresh, without a reload, and says nothing went wrong', async () => {
    const page = await openSyncHealth({ width: 1280, theme: 'light' });
    await page.goto(`${inject('baseUrl')}/sync-health`);
    await section(page).getByRole('heading', { name: SECTION, level: 2 }).waitFor();
    await section(page).getByText('Every change reached the marketplace sync.').waitFor();
    const before = await figure(page, 'Delivered');
    await page.evaluate(() => Object.assign(window, { __stillTheSamePage: true }));

    // Stock of sizes listed nowhere is not the sync's business: it is handed nothing…
    await call('POST', '/inventory/adjustments', {
      location_id: locationId,
      lines: variantIds.map((variant_id) => ({ variant_id, quantity: 2, reason: 'received', unit_cost_cents: 5_000 })),
    });
    // …while a channel's buffer concerns every size it lists: the server hands it to the sync.
    const channels = await call<{ id: string; kind: string }[]>('GET', '/channels');
    await call('PATCH', `/channels/${channels.find((c) => c.kind === 'ebay')?.id}`, { quantity_buffer: 1 });
    await expect
      .poll(async () => {
        const delivered = await call<EventDeliveryList>('GET', '/event-deliveries?status=delivered');
        return delivered.items.map((d) => `${d.event_type} ${d.subscriber}`);
      })
      .toEqual(['channel.changed sync.push-channel-quantities']);
    // …and the section shows it on its own 15 s refresh.
    await expect.poll(() => figure(page, 'Delivered'), { timeout: 20_000 }).toBe(before + 1);
    expect(await figure(page, 'Waiting')).toBe(0);
    expect(await figure(page, 'Failed')).toBe(0);
    expect(await page.evaluate(() => (window as { __stillTheSamePage?: boolean }).__stillTheSamePage)).toBe(true);
    await section(page).getByText('Every change reached the marketplace sync.').waitFor();
    expect(await section(page).getByRole('table').count()).toBe(0);

    await section(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'event-deliveries-calm-1280-light');
    await page.close();
  });

  /** A retrying stock change and a failed price change, as the server would list them. */
  const problems = (): EventDeliveryList => {
    const now = Date.now();
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const base: EventDelivery = {
      id: id(1),
      event_id: id(2),
      event_type: 'stock.moved',
      occurred_at: new Date(now - 4 * 60_000).toISOString(),
      subscriber: 'sync.push-quantities',
      status: 'retrying',
      attempts: 2,
      max_attempts: 8,
      last_error: 'Connection terminated unexpectedly',
      next_attempt_at: new Date(now + 3 * 60_000 + 20_000).toISOString(),
      finished_at: null,
      payload: { variant_ids: variantIds },
    };
    return {
      items: [
        base,
        {
          ...base,
          id: id(3),
          event_id: id(4),
          event_type: 'price.changed',
          occurred_at: new Date(now - 50 * 60_000).toISOString(),
          subscriber: 'sync.push-prices',
          status: 'failed',
          attempts: 8,
          last_error: 'deadlock detected while updating the price push queue; the transaction was rolled back',
          next_attempt_at: null,
          finished_at: new Date(now - 40 * 60_000).toISOString(),
          payload: { product_id: id(5) },
        },
      ],
      counts: { waiting: 0, retrying: 1, failed: 1, delivered: 12 },
    };
  };

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      it(`lists the problems in words, with what to do next (${theme}, ${width} px)`, async () => {
        const page = await openSyncHealth({ width, theme });
        await page.route(/\/event-deliveries\?/, (route) => route.fulfill({ json: problems() }));
        await page.goto(`${inject('baseUrl')}/sync-health`);
        const region = section(page);
        const problemsView = region.getByRole('region', { name: 'Changes not handed over' });
        await problemsView.waitFor();

        if (width >= 1280) {
          const rows = problemsView.getByRole('table', { name: 'Changes not handed over' }).getByRole('row');
          expect(await rows.count()).toBe(3);
          const stock = rows.filter({ hasText: 'Stock changed (2 sizes)' });
          for (const text of ['Quantity sync', 'Retrying', '2 of 8', 'Connection terminated unexpectedly', /^in [34] minutes$/]) {
            await stock.getByRole('cell', { name: text }).waitFor();
          }
          const price = rows.filter({ hasText: 'Price changed (every size of a product)' });
          for (const text of ['Price sync', 'Failed', '8 of 8', 'No more tries']) {
            await price.getByRole('cell', { name: text, exact: true }).waitFor();
          }
          // The table scrolls sideways in its own region when it must, so that region takes the keyboard.
          expect(await problemsView.getAttribute('tabindex')).toBe('0');
        } else {
          // On a phone the same problems are cards: status and error readable without scrolling sideways.
          expect(await problemsView.getByRole('table').count()).toBe(0);
          const cards = problemsView.getByRole('listitem');
          expect(await cards.count()).toBe(2);
          const stock = cards.filter({ hasText: 'Stock changed (2 sizes)' });
          for (const text of [
            'Quantity sync',
            'Retrying',
            '2 of 8',
            'Last error: Connection terminated unexpectedly',
            /^in [34] minutes$/,
          ]) {
            await stock.getByText(text).waitFor();
          }
          const price = cards.filter({ hasText: 'Price changed (every size of a product)' });
          for (const text of ['Price sync', 'Failed', '8 of 8', 'No more tries']) {
            await price.getByText(text, { exact: true }).waitFor();
          }
        }
        expect(await figure(page, 'Retrying')).toBe(1);
        expect(await figure(page, 'Failed')).toBe(1);
        expect(await figure(page, 'Delivered')).toBe(12);
        await region.getByText(/Tradepost stopped trying one change/).waitFor();
        await region.getByRole('link', { name: 'Listings Control' }).waitFor();
        expect(await region.getByText('Every change reached the marketplace sync.').count()).toBe(0);
        // The page itself never scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        await region.getByRole('heading', { name: SECTION }).scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollBy(0, -16));
        await screenshot(page, `event-deliveries-problems-${width}-${theme}`);
        if (width === 390) {
          // Its top under the app bar, so the cards fill the shot.
          await problemsView.evaluate((el) => el.scrollIntoView({ block: 'start' }));
          await page.evaluate(() => window.scrollBy(0, -72));
          await screenshot(page, `event-deliveries-problems-cards-${width}-${theme}`);
        }
        await page.close();
      });
    }
  }

  it('says the hand-overs could not be loaded, and Try again loads them', async () => {
    const page = await openSyncHealth({ width: 1280, theme: 'light' });
    let refuse = true;
    await page.route(/\/event-deliveries\?/, (route) =>
      refuse ? route.fulfill({ status: 404, json: { error: { code: 'NOT_FOUND', message: 'Not found' } } }) : route.fallback(),
    );
    await page.goto(`${inject('baseUrl')}/sync-health`);
    const region = section(page);
    await region.getByText('Hand-overs to the marketplace sync could not be loaded.').waitFor();
    await region.scrollIntoViewIfNeeded();
    await screenshot(page, 'event-deliveries-load-failed-1280-light');
    refuse = false;
    await region.getByRole('button', { name: 'Try again' }).click();
    await region.getByText('Every change reached the marketplace sync.').waitFor();
    await page.close();
  });
});
