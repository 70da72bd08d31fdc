import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, apiCall, createOwner, signedInPage, signInBrowser } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';

let browser: Browser;
let owner: Account;
beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Second Life Kicks' });
});
afterAll(async () => browser?.close());

/** A real PNG (solid colour, with a darker band) built by hand, so the test needs no image library. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    const shade = y > height * 0.6 && y < height * 0.8 ? 0.55 : 1;
    for (let x = 0; x < width; x++)
      row.set(
        rgb.map((c) => Math.round(c * shade)),
        1 + x * 3,
      );
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Item = { id: string; variant_id: string; title: string; state: string; on_hand: number; images: unknown[]; missing: string[] };
type Ledger = {
  movements: { on_hand_delta: number; reason: string }[];
  lots: { unit_cost_cents: number }[];
  reconciliation: { matches: boolean }[];
};

const business = () => owner.user.business.id;

async function uploadThroughApi(image: Buffer): Promise<{ id: string }> {
  const res = await fetch(`${inject('baseUrl')}/api/v1/businesses/${business()}/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.access_token}`, 'content-type': 'image/png' },
    body: new Uint8Array(image),
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { id: string };
}

/** Lets the drawer's slide-in and the smooth scroll finish before a screenshot. */
const settle = (page: Page) => page.waitForTimeout(600);

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

describe('pre-owned items', () => {
  it('captures a draft with a photo, finishes and publishes it, and its unit is in the ledger', async () => {
    const base = inject('baseUrl');
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 } });

    await page.goto(`${base}/preowned/drafts`);
    await expect.poll(visible(page, 'No drafts waiting')).toBe(true);
    await page.getByRole('button', { name: 'New pre-owned item' }).first().click();

    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Title').fill('Air Jordan 4 Retro Bred');
    await drawer.getByLabel('Style code').fill('FV5029-006');
    await drawer.getByLabel('Size', { exact: true }).fill('10.5');
    await drawer.getByLabel('Photo files').setInputFiles({ name: 'bred.png', mimeType: 'image/png', buffer: png(640, 480, [176, 32, 40]) });
    await expect.poll(() => drawer.getByRole('img', { name: /Air Jordan 4 Retro Bred, view 1/ }).isVisible()).toBe(true);
    await drawer.getByRole('img', { name: /Air Jordan 4 Retro Bred, view 1/ }).scrollIntoViewIfNeeded();
    await screenshot(page, 'preowned-editor-1280');
    await drawer.getByRole('button', { name: 'Save draft' }).click();

    const row = page.getByRole('article', { name: 'Air Jordan 4 Retro Bred' });
    await expect.poll(() => row.isVisible()).toBe(true);
    const missing = (await row.getByText(/Missing/).textContent()) ?? '';
    expect(missing).toContain('grade');
    expect(missing).toContain('price');
    const [draft] = (
      await apiCall<{ items: Item[] }>('GET', `/businesses/${business()}/preowned?status=draft`, undefined, owner.access_token)
    ).items;
    expect(draft?.images).toHaveLength(1);
    expect(draft?.missing).toEqual(['grade', 'price_cents', 'unit_cost_cents']);
    await screenshot(page, 'preowned-drafts-1280');

    await row.getByRole('button', { name: 'Finish Air Jordan 4 Retro Bred' }).click();
    await expect.poll(() => drawer.getByRole('heading', { name: 'Finish draft' }).isVisible()).toBe(true);
    await drawer.getByRole('radio', { name: /^Excellent/ }).check();
    await drawer.getByRole('textbox', { name: /^Price/ }).fill('240');
    await drawer.getByRole('textbox', { name: /^Cost/ }).fill('150');
    await drawer.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(visible(page, 'No drafts waiting')).toBe(true);

    const live = await apiCall<Item>('GET', `/businesses/${business()}/preowned/${draft?.id}`, undefined, owner.access_token);
    expect(live).toMatchObject({ state: 'in_stock', on_hand: 1 });
    const ledger = await apiCall<Ledger>(
      'GET',
      `/businesses/${business()}/inventory/variants/${live.variant_id}/ledger`,
      undefined,
      owner.access_token,
    );
    expect(ledger.movements.map((m) => [m.on_hand_delta, m.reason])).toEqual([[1, 'receipt']]);
    expect(ledger.lots.map((l) => l.unit_cost_cents)).toEqual([15000]);
    expect(ledger.reconciliation.every((r) => r.matches)).toBe(true);

    await page.goto(`${base}/preowned`);
    const card = page.getByRole('button', { name: 'Air Jordan 4 Retro Bred, US M 10.5' });
    await expect.poll(() => card.isVisible()).toBe(true);
    await expect.poll(() => card.getByText('Excellent').isVisible()).toBe(true);
    await page.getByLabel('Search pre-owned items').fill('bred');
    await expect.poll(visible(page, '1 item')).toBe(true);
    await page.getByLabel('Search pre-owned items').fill('');
    await page.close();
  });

  it('shows both screens and the editor at desktop and phone widths', async () => {
    const base = inject('baseUrl');
    // One more of each kind, so the screenshots show a grid and a drafts list.
    const photo = await uploadThroughApi(png(800, 800, [40, 90, 160]));
    await apiCall(
      'POST',
      `/businesses/${business()}/preowned`,
      {
        title: 'Nike Dunk Low Retro Panda',
        brand: 'Nike',
        size_format: 'us-men',
        size: '9',
        grade: 'good',
        price_cents: 8500,
        unit_cost_cents: 4000,
        images: [{ media_id: photo.id }],
        publish: true,
        location_id: (await apiCall<{ id: string }[]>('GET', `/businesses/${business()}/locations`, undefined, owner.access_token))[0]?.id,
      },
      owner.access_token,
    );
    await apiCall('POST', `/businesses/${business()}/preowned`, { title: 'Yeezy Boost 350 V2 Zebra', size: '11' }, owner.access_token);

    for (const [width, height, suffix] of [
      [1280, 900, '1280'],
      [390, 844, '390'],
    ] as const) {
      const phone = width < 600;
      const page = await browser.newPage({ viewport: { width, height }, isMobile: phone, hasTouch: phone });
      await signInBrowser(page, owner);
      await page.goto(`${base}/preowned`);
      await expect.poll(() => page.getByRole('button', { name: /Nike Dunk Low Retro Panda/ }).isVisible()).toBe(true);
      await screenshot(page, `preowned-list-${suffix}`);
      if (!phone) {
        // A published item opens with its ledger fields locked and a note saying why.
        await page.getByRole('button', { name: /Nike Dunk Low Retro Panda/ }).click();
        await expect.poll(visible(page, /posted to the stock ledger/)).toBe(true);
        expect(await page.getByRole('textbox', { name: /^Cost/ }).isDisabled()).toBe(true);
        await settle(page);
        await screenshot(page, 'preowned-editor-published-1280');
        await page.getByRole('button', { name: 'Close' }).click();
      }

      await page.goto(`${base}/preowned/drafts`);
      await expect.poll(() => page.getByRole('article', { name: 'Yeezy Boost 350 V2 Zebra' }).isVisible()).toBe(true);
      await screenshot(page, `preowned-drafts-${suffix}`);

      await page.getByRole('button', { name: 'Finish Yeezy Boost 350 V2 Zebra' }).click();
      await expect.poll(() => page.getByRole('heading', { name: 'Finish draft' }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Publish' }).click();
      // Publishing an unfinished draft names each missing field beside its input.
      await expect.poll(visible(page, 'Choose a grade before publishing')).toBe(true);
      await settle(page);
      await screenshot(page, `preowned-editor-errors-${suffix}`);
      if (suffix === '390') {
        await page.goto(`${base}/preowned?item=new`);
        await expect.poll(() => page.getByRole('heading', { name: 'New pre-owned item' }).isVisible()).toBe(true);
        // A phone gets the camera button beside the file picker.
        await expect.poll(() => page.getByRole('button', { name: 'Take photo' }).isVisible()).toBe(true);
        await settle(page);
        await screenshot(page, 'preowned-editor-390');
      }
      await page.close();
    }
  });
});
