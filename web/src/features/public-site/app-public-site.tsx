import { useAtomValue, useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { themeChoiceAtom } from '../preferences/theme-choice-atom.ts';
import { useResolvedTheme } from '../preferences/use-resolved-theme.ts';
import { signedInAtom } from '../session/signed-in-atom.ts';
import { type PublicSite, PublicSiteContext } from './public-site-context.ts';

/**
 * The public routes inside the app (a signed-in visitor, a page reached from an app screen, sign in
 * and registration): the public pages get the session, theme and navigation from the app's own state
 * and router, and the theme's variables from FluentProvider.
 */
export function AppPublicSite() {
  const signedIn = useAtomValue(signedInAtom);
  const theme = useResolvedTheme();
  const setTheme = useSetAtom(themeChoiceAtom);
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const site = useMemo<PublicSite>(
    () => ({
      signedIn,
      theme,
      setTheme,
      pathname,
      hash,
      navigate: (to) => {
        void navigate(to);
      },
    }),
    [signedIn, theme, setTheme, pathname, hash, navigate],
  );
  return (
    <PublicSiteContext value={site}>
      <Outlet />
    </PublicSiteContext>
  );
}
