import { z } from '@tradepost/shared/schemas/zod-mini.ts';
import { describe, expect, it } from 'vitest';
import { scaleTheme, themes } from '../../app/theme.ts';
import {
  LEGACY_THEME_STORAGE_KEY as APP_LEGACY_THEME_KEY,
  PREFERENCES_STORAGE_KEY as APP_PREFERENCES_KEY,
  initialUiPreferences,
} from '../preferences/ui-preferences-storage.ts';
import { SESSION_STORAGE_KEY as APP_SESSION_KEY, isSessionActive, storedSessionSchema } from '../session/session-model.ts';
import { LEGACY_THEME_STORAGE_KEY, PREFERENCES_STORAGE_KEY, readUiPreferences, saveThemeChoice } from './public-preferences.ts';
import { hasActiveStoredSession, publicSitePath, SESSION_STORAGE_KEY } from './public-site-paths.ts';
import { publicThemeValues } from './public-theme.ts';
import { publicThemeTokens } from './public-theme-tokens.ts';

/*
 * The light public site (issue #16) copies a few things of the app instead of importing them (that
 * would load Fluent, jotai or zod): the theme's values, the session and preferences keys and how they
 * are read. These tests fail as soon as a copy drifts from the app.
 */

// Read from disk: Vitest hands CSS modules to tests as class maps, even with ?raw. A specifier in a
// variable keeps TypeScript (whose web program has no Node types) out of it.
const nodeFs = 'node:fs';
const { readFileSync } = (await import(/* @vite-ignore */ nodeFs)) as { readFileSync: (path: URL, encoding: 'utf8') => string };

/** The public site's own files: the frame and the five pages (the auth forms and the app adapter belong to the app). */
const sourceFiles = Object.keys({
  ...import.meta.glob('./*.{ts,tsx,css}'),
  ...import.meta.glob('../../pages/public/{landing,features,pricing,testimonials,about}/*.{ts,tsx,css}'),
});
const appSideFiles = new Set([
  './app-public-site.tsx',
  './auth-layout.tsx',
  './auth-email-field.tsx',
  './auth-name-fields.tsx',
  './use-auth-form-styles.ts',
  './public-site.test.ts',
]);

function publicSiteFiles(extension: RegExp): [string, string][] {
  return sourceFiles
    .filter((file) => extension.test(file) && !appSideFiles.has(file))
    .map((file) => [file, readFileSync(new URL(file, import.meta.url), 'utf8')]);
}

describe('the public site draws with the app theme', () => {
  const scales = [
    { fontScale: 1, densityScale: 1 },
    { fontScale: 0.95, densityScale: 1 },
    { fontScale: 1.3, densityScale: 0.5 },
  ];

  for (const theme of ['light', 'dark'] as const) {
    it(`has the values of app/theme.ts (${theme}), scaled as the app scales them`, () => {
      for (const [token, value] of Object.entries(publicThemeTokens[theme])) {
        expect(value, token).toBe(String(themes[theme][token as keyof (typeof themes)[typeof theme]]));
      }
      for (const scale of scales) {
        const app = scaleTheme(themes[theme], scale) as unknown as Record<string, unknown>;
        const expected = Object.fromEntries(Object.keys(publicThemeTokens[theme]).map((token) => [token, String(app[token])]));
        expect(publicThemeValues(theme, scale)).toEqual(expected);
      }
    });
  }

  it('has a value for every theme variable its stylesheets use', () => {
    const used = new Set(publicSiteFiles(/\.css$/).flatMap(([, text]) => [...text.matchAll(/var\(--([A-Za-z0-9]+)\)/g)].map((m) => m[1])));
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((token) => token !== undefined && !(token in publicThemeTokens.light))).toEqual([]);
  });

  it('imports no Fluent, router, app state or session code', () => {
    const forbidden =
      /from '(@fluentui\/|@griffel\/|jotai|react-router|@tanstack\/|zod'|[^']*\/(app|session|preferences|navigation|shell|storage)\/)/;
    const files = publicSiteFiles(/\.tsx?$/);
    expect(files.length).toBeGreaterThan(30);
    expect(files.filter(([, text]) => forbidden.test(text)).map(([file]) => file)).toEqual([]);
  });
});

describe('the entry decides between the public site and the app as the app would', () => {
  it('knows the five public pages, with or without a trailing slash', () => {
    expect(['/', '/features', '/pricing/', '/testimonials', '/about'].map(publicSitePath)).toEqual([
      '/',
      '/features',
      '/pricing',
      '/testimonials',
      '/about',
    ]);
    for (const path of ['/login', '/register', '/dashboard', '/kiosk', '/features/x', '/aboutus'])
      expect(publicSitePath(path), path).toBeNull();
  });

  it('reads the stored session like the app: a visitor with an active session gets the app', () => {
    expect(SESSION_STORAGE_KEY).toBe(APP_SESSION_KEY);
    const now = 1_800_000_000_000;
    const samples = [
      null,
      'not json',
      'null',
      '[]',
      JSON.stringify({ token: 'abc', expiresAt: now + 60_000 }),
      JSON.stringify({ token: 'abc', expiresAt: now }),
      JSON.stringify({ token: 'abc', expiresAt: now - 1 }),
      JSON.stringify({ token: '', expiresAt: now + 60_000 }),
      JSON.stringify({ token: 'abc', expiresAt: String(now + 60_000) }),
      JSON.stringify({ token: 'abc', expiresAt: now + 60_000.5 }),
      JSON.stringify({ token: 'abc' }),
    ];
    for (const raw of samples) {
      let app = false;
      try {
        const parsed = raw === null ? null : z.nullable(storedSessionSchema).safeParse(JSON.parse(raw));
        app = parsed?.success === true && isSessionActive(parsed.data, now);
      } catch {
        app = false;
      }
      expect(
        hasActiveStoredSession((key) => (key === APP_SESSION_KEY ? raw : null), now),
        String(raw),
      ).toBe(app);
    }
  });

  it('reads and saves the theme choice where and as the app does', () => {
    expect([PREFERENCES_STORAGE_KEY, LEGACY_THEME_STORAGE_KEY]).toEqual([APP_PREFERENCES_KEY, APP_LEGACY_THEME_KEY]);
    const stores: Record<string, string>[] = [
      {},
      { [APP_PREFERENCES_KEY]: JSON.stringify({ theme: 'dark', fontScale: 1.1, densityScale: 0.65 }) },
      { [APP_PREFERENCES_KEY]: 'garbage', [APP_LEGACY_THEME_KEY]: '"dark"' },
      { [APP_LEGACY_THEME_KEY]: '"light"' },
      { [APP_LEGACY_THEME_KEY]: 'not json' },
    ];
    for (const store of stores) {
      const read = (key: string) => store[key] ?? null;
      expect(readUiPreferences(read), JSON.stringify(store)).toEqual(initialUiPreferences(read));

      const written: Record<string, string> = { ...store };
      saveThemeChoice('dark', read, (key, value) => {
        written[key] = value;
      });
      expect(initialUiPreferences((key) => written[key] ?? null)).toEqual({ ...initialUiPreferences(read), theme: 'dark' });
    }
  });
});
