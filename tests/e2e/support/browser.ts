import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { repoRoot } from './build.ts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromiumPath'), headless: true, args: CHROMIUM_ARGS });
}

const artifacts = resolve(repoRoot, 'tests/artifacts/screenshots');

/** Screenshots land in tests/artifacts/ so a person can look at what the tests saw. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: resolve(artifacts, `${name}.png`), fullPage: false });
}

let counter = 0;
/** Unique across the files that run at once too (each in a process of its own, with its own counter). */
export const uniqueEmail = (label = 'user') =>
  `${label}-${Date.now().toString(36)}-${process.pid.toString(36)}-${(counter++).toString(36)}@example.com`;
export const PASSWORD = 'Cobalt-Meadow-Ferry-53';

/** Creates an account through the API (tests sign in without the UI unless the UI is the subject). */
export async function registerUser(overrides: Record<string, string> = {}) {
  const baseUrl = inject('baseUrl');
  const email = overrides.email ?? uniqueEmail();
  const body = { business_name: 'E2E Kicks', first_name: 'Eve', last_name: 'Tester', ...overrides, email, password: PASSWORD };
  const res = await fetch(`${baseUrl}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return { email, password: PASSWORD };
}
