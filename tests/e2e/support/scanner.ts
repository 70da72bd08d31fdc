import type { Page } from 'playwright-core';

/**
 * What a USB or Bluetooth barcode scanner does: types the code a few milliseconds per character,
 * then presses Enter. Focus stays wherever it was, as with a real scanner.
 */
export async function hardwareScan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}
