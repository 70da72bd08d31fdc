import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, adminAccount, apiCall, createOwner, signedInPage } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';

let browser: Browser;
let owner: Account;
let admin: Account;
beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Little Steps Resale' });
  admin = await adminAccount();
});
afterAll(async () => browser?.close());

type SizeFormatList = {
  custom: { id: string; name: string; sizes: string[]; conversions: { format_id: string; values: (string | null)[] }[] }[];
};
type Normalised = { match: { format: string; size: string; label: string; via: string } | null; queued: boolean };

const normalise = (raw: string, source = 'ebay') =>
  apiCall<Normalised>('POST', `/businesses/${owner.user.business.id}/sizes/normalise`, { raw, source }, owner.access_token);

describe('size formats', () => {
  it('an owner creates a custom size run in the UI and sees it listed', async () => {
    const base = inject('baseUrl');
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 } });

    await page.goto(`${base}/business/size-formats`);
    await expect.poll(() => page.getByText('No size formats of your own yet').isVisible()).toBe(true);
    await screenshot(page, 'size-formats-empty');
    await page.getByRole('link', { name: 'New size format' }).first().click();
    await page.waitForURL(`${base}/business/size-formats/create`);

    await page.getByLabel('Name').fill('Youth 1Y-7Y');
    await page.getByRole('button', { name: 'Paste a list' }).click();
    await page.getByLabel('Paste sizes').fill('1Y\n2Y\n3Y\n4Y\n6Y\n5Y');
    await page.getByRole('button', { name: 'Add 6 sizes' }).click();
    await page.getByLabel('Add a size').fill('7Y');
    await page.getByLabel('Add a size').press('Enter');
    // 6Y was pasted before 5Y: put it back in order with the keyboard.
    await page.getByLabel('Size 5', { exact: true }).press('Alt+ArrowDown');
    await page.getByLabel('Converts to').selectOption('gs');
    await page.getByLabel('Grade School (GS) equivalent of 7Y').selectOption('7Y');
    await page.getByLabel('Grade School (GS) equivalent of 6Y').selectOption('6Y');
    await expect
      .poll(() => page.getByLabel('Preview of the run').getByRole('listitem').allTextContents())
      .toEqual(['1Y', '2Y', '3Y', '4Y', '5Y', '6Y→ 6Y', '7Y→ 7Y']);
    await screenshot(page, 'size-formats-create');

    // A duplicate is refused beside its field, and nothing is saved.
    await page.getByLabel('Add a size').fill('8Y');
    await page.getByLabel('Add a size').press('Enter');
    await page.getByLabel('Size 8', { exact: true }).fill('7y');
    await page.getByRole('button', { name: 'Create size format' }).click();
    await expect.poll(() => page.getByText('Size 7y is listed twice').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Remove 7y', exact: true }).click();

    await page.getByRole('button', { name: 'Create size format' }).click();
    await page.waitForURL(`${base}/business/size-formats`);
    await expect.poll(() => page.getByRole('heading', { name: 'Youth 1Y-7Y' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Show sizes' }).click();
    await screenshot(page, 'size-formats-list');

    const list = await apiCall<SizeFormatList>('GET', `/businesses/${owner.user.business.id}/size-formats`, undefined, owner.access_token);
    expect(list.custom).toHaveLength(1);
    expect(list.custom[0]?.sizes).toEqual(['1Y', '2Y', '3Y', '4Y', '5Y', '6Y', '7Y']);
    expect(list.custom[0]?.conversions[0]?.values).toEqual([null, null, null, null, null, '6Y', '7Y']);

    // The editor opens with the stored run, and works on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'size-formats-list-phone');
    await page.getByRole('link', { name: 'Edit Youth 1Y-7Y' }).click();
    await expect.poll(() => page.getByLabel('Size 7', { exact: true }).inputValue()).toBe('7Y');
    await page.getByLabel('Size 5', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'size-formats-edit-phone');

    // Deleting asks first; "Keep it" backs out, confirming removes the unused run.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${inject('baseUrl')}/business/size-formats`);
    await page.getByRole('button', { name: 'Delete Youth 1Y-7Y' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Youth 1Y-7Y?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Delete Youth 1Y-7Y' }).click();
    await confirm.getByRole('button', { name: 'Delete size format' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Youth 1Y-7Y' }).count()).toBe(0);
    await page.close();
  });

  it('an admin matches queued strings with the keyboard, and the strings normalise through the rules', async () => {
    const base = inject('baseUrl');
    // Seen most first: 10.5 Wide three times, Kids 5 twice, N/A once.
    for (const raw of ['10.5 Wide', '10.5 WIDE', '10.5 wide', 'Kids 5', 'kids 5', 'N/A']) {
      expect(await normalise(raw)).toEqual({ match: null, queued: true });
    }

    const page = await signedInPage(browser, admin, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/admin/manual-size-conversion-matching`);
    const queue = page.getByRole('region', { name: 'Unmatched size strings' });
    await expect.poll(() => queue.getByText('10.5 Wide').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: /Save as US M 10\.5/ }).isVisible()).toBe(true);
    await screenshot(page, 'size-matching-queue');

    // Enter accepts the first suggestion of the highlighted string.
    await queue.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Matched “10.5 Wide” → US M 10.5');

    // The next string is highlighted; search every size for it and save the pick.
    await expect.poll(() => page.getByRole('button', { name: /^Save as / }).isVisible()).toBe(true);
    await page.keyboard.press('/');
    await page.keyboard.type('5Y');
    // The owner's own Youth run offers a 5Y too; the built-in GS one serves every business.
    await page.getByRole('option', { name: /^5Y\s*Grade School/ }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Save as 5Y' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Matched “Kids 5” → 5Y');

    // The last one is no size: dismiss it.
    await expect.poll(() => queue.getByText('N/A').isVisible()).toBe(true);
    await queue.focus();
    await page.keyboard.press('d');
    await expect.poll(() => page.getByText('The queue is clear').isVisible()).toBe(true);
    await screenshot(page, 'size-matching-clear');

    await page.getByRole('tab', { name: /Rules/ }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Size rules' }).getByText('kids 5').isVisible()).toBe(true);
    await screenshot(page, 'size-matching-rules');
    await page.close();

    expect((await normalise('10.5 wide', 'shopify')).match).toMatchObject({
      format: 'us-men',
      size: '10.5',
      label: 'US M 10.5',
      via: 'rule',
    });
    expect((await normalise('KIDS 5', 'csv_import')).match).toMatchObject({ format: 'gs', size: '5Y', via: 'rule' });
    // A dismissed string is still unread (and still counted, not re-opened).
    expect(await normalise('N/A')).toEqual({ match: null, queued: true });
  });
});
