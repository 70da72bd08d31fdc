import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, createOwner, signInBrowser } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';

let browser: Browser;
let owner: Account;
beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Axe Kicks' });
});
afterAll(async () => browser?.close());

async function seriousViolations(page: Page) {
  // Fluent's focus-trap sentinels (data-tabster-dummy) are a known axe false positive for Fluent UI 9.
  const results = await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

describe('accessibility (axe: no serious or critical violations)', () => {
  it('landing page', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${inject('baseUrl')}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('login page', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${inject('baseUrl')}/login`);
    await page.getByLabel('Email').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`dashboard frame and sidebar (${theme})`, async () => {
      const page = await (await browser.newContext({ colorScheme: theme })).newPage();
      await signInBrowser(page, owner);
      await page.goto(`${inject('baseUrl')}/dashboard`);
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await page.getByRole('button', { name: 'Inventory' }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    });
  }
});

describe('screenshots of the landing page and the signed-in frame', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of [
      { name: 'desktop', width: 1280, height: 800 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      it(`${theme}, ${viewport.name}`, async () => {
        const page = await browser.newPage({ colorScheme: theme, viewport });
        await page.goto(`${inject('baseUrl')}/`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await screenshot(page, `landing-${theme}-${viewport.name}`);
        await signInBrowser(page, owner);
        await page.goto(`${inject('baseUrl')}/dashboard`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        await screenshot(page, `frame-${theme}-${viewport.name}`);
        await page.close();
      });
    }
  }
});
