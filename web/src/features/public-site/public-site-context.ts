import { createContext, useContext } from 'react';

export type PublicTheme = 'light' | 'dark';

/**
 * What the public pages need from around them. They render in two places: the light public site
 * (public-site-start.tsx: a cold load of a public page by a visitor, no Fluent, no router, no app)
 * and inside the app (app-public-site.tsx: jotai, React Router, Fluent's theme). Both provide this,
 * so the pages themselves import neither.
 */
export type PublicSite = {
  signedIn: boolean;
  /** The theme on screen, and a choice saved like the app saves it (spec §1). */
  theme: PublicTheme;
  setTheme: (theme: PublicTheme) => void;
  pathname: string;
  /** `#…` or '' */
  hash: string;
  /** Goes to a path of the app (a public page, sign in, the dashboard…). */
  navigate: (to: string) => void;
};

export const PublicSiteContext = createContext<PublicSite | null>(null);

export function usePublicSite(): PublicSite {
  const site = useContext(PublicSiteContext);
  if (site === null) throw new Error('A public page was rendered outside a PublicSiteContext provider');
  return site;
}
