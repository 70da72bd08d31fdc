import { resolveTheme } from '@tradepost/shared/domain/preferences.ts';
import type { ThemeChoice, UiPreferences } from '@tradepost/shared/schemas/preferences.ts';
import { type ComponentType, StrictMode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import './public-base.css';
import { readUiPreferences, safeRead, safeWrite, saveThemeChoice } from './public-preferences.ts';
import { type PublicSite, PublicSiteContext } from './public-site-context.ts';
import { type PublicSitePath, publicSitePath } from './public-site-paths.ts';
import { publicThemeCss } from './public-theme.ts';

/*
 * The light public site (issue #16): a visitor's cold load of the landing, features, pricing,
 * testimonials or about page renders the same page components as the app, with React alone: no
 * Fluent, no router, no session, no query client. Moving between those pages stays here; any other
 * path (sign in, registration, the dashboard…) unmounts this and starts the app at that path.
 */

export type PublicPage = { path: PublicSitePath; Page: ComponentType };

/** Each public page's code (pages/public/public-site-pages.ts; features do not import pages). */
export type PublicSitePages = Record<PublicSitePath, () => Promise<ComponentType>>;

type StartOptions = {
  pages: PublicSitePages;
  /**
   * Starts the app at the current location. The public page stays on screen while the app's code
   * downloads; the app calls `unmount` right before it renders (or shows the Loading Error page).
   */
  onLeave: (unmount: () => void) => void;
  /** An error React could not show (the Loading Error page). */
  onFatal: (error: unknown) => void;
};

const THEME_STYLE_ID = 'tradepost-public-theme';
const darkQuery = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(darkQuery).matches;
}

/** Spec §1 as the app applies it: saved choice or system theme, text size and density, the page behind the app. */
function applyTheme(theme: ThemeChoice, preferences: UiPreferences): void {
  let style = document.getElementById(THEME_STYLE_ID);
  if (style === null) {
    style = document.createElement('style');
    style.id = THEME_STYLE_ID;
    document.head.append(style);
  }
  style.textContent = publicThemeCss(theme, preferences);
  const root = document.documentElement;
  root.style.colorScheme = theme;
  root.dataset.theme = theme;
  root.style.fontSize = `${preferences.fontScale * 100}%`;
  document.body.style.backgroundColor = 'var(--colorNeutralBackground1)';
}

function PublicSiteApp({ initial, pages, leave }: { initial: PublicPage; pages: PublicSitePages; leave: (to: string | null) => void }) {
  const leaving = useRef(false);
  const [page, setPage] = useState(initial);
  const [location, setLocation] = useState(() => ({ pathname: initial.path, hash: window.location.hash }));
  const [preferences, setPreferences] = useState(() => readUiPreferences(safeRead));
  const [prefersDark, setPrefersDark] = useState(systemPrefersDark);
  const theme = resolveTheme(preferences.theme, prefersDark);

  useLayoutEffect(() => applyTheme(theme, preferences), [theme, preferences]);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(darkQuery);
    const follow = () => setPrefersDark(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);

  const site = useMemo<PublicSite>(() => {
    /** Shows a public page for the current location (already in the history). */
    const show = async (path: PublicSitePath, scrollToTop: boolean) => {
      let Page: ComponentType;
      try {
        Page = await pages[path]();
      } catch {
        // Its code did not arrive: a full load of the address shows the page or the Loading Error page.
        window.location.reload();
        return;
      }
      setPage({ path, Page });
      setLocation({ pathname: path, hash: window.location.hash });
      if (scrollToTop) window.scrollTo(0, 0);
    };
    return {
      signedIn: false,
      theme,
      setTheme: (next) => setPreferences(saveThemeChoice(next, safeRead, safeWrite)),
      pathname: location.pathname,
      hash: location.hash,
      navigate: (to) => {
        if (leaving.current) return;
        const url = new URL(to, window.location.href);
        if (url.origin !== window.location.origin) {
          window.location.assign(url);
          return;
        }
        const path = publicSitePath(url.pathname);
        if (path === null) {
          leaving.current = true;
          leave(to);
          return;
        }
        const target = `${url.pathname}${url.search}${url.hash}`;
        if (target !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
          window.history.pushState(null, '', target);
        }
        void show(path, url.hash === '' && path !== page.path);
      },
    };
  }, [theme, location, leave, page.path, pages]);

  useEffect(() => {
    const onPopState = () => {
      const path = publicSitePath(window.location.pathname);
      if (path === null) {
        leaving.current = true;
        leave(null);
        return;
      }
      void pages[path]().then(
        (Page) => {
          setPage({ path, Page });
          setLocation({ pathname: path, hash: window.location.hash });
        },
        () => window.location.reload(),
      );
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [leave, pages]);

  const { Page } = page;
  return (
    <PublicSiteContext value={site}>
      <div className="tradepost-public-root">
        <Page />
      </div>
    </PublicSiteContext>
  );
}

/** Renders the light public site into `container`, starting with `initial`. */
export function startPublicSite(container: HTMLElement, initial: PublicPage, { pages, onLeave, onFatal }: StartOptions): void {
  let root: Root | undefined;
  let left = false;
  const leave = (to: string | null) => {
    if (left) return;
    left = true;
    // The app's router reads the address when its code runs, so the address changes first.
    if (to !== null) window.history.pushState(null, '', to);
    onLeave(() => {
      root?.unmount();
      document.getElementById(THEME_STYLE_ID)?.remove();
      window.scrollTo(0, 0);
    });
  };
  const fatal = (error: unknown) => {
    setTimeout(() => {
      try {
        root?.unmount();
      } catch {
        // Already torn down.
      }
      onFatal(error);
    }, 0);
  };
  root = createRoot(container, { onUncaughtError: fatal });
  root.render(
    <StrictMode>
      <PublicSiteApp initial={initial} pages={pages} leave={leave} />
    </StrictMode>,
  );
}
