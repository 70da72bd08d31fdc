import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AppRuntime } from '../features/runtime/app-runtime.tsx';
import { useAuthErrorHandling } from '../features/session/use-auth-error-handling.ts';
import { useSessionExpiryWatch } from '../features/session/use-session-expiry-watch.ts';

/** Spec §1: the page scrolls to the top on every route change (anchors inside a page excepted). */
function useScrollToTopOnRouteChange(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
}

/** The top route: app-wide behaviour that needs the router (navigation on session end), and the app's runtime services. */
export function RootLayout() {
  useAuthErrorHandling();
  useSessionExpiryWatch();
  useScrollToTopOnRouteChange();
  return (
    <>
      <AppRuntime />
      <Outlet />
    </>
  );
}
