import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { type ServiceWorkerDecision, serviceWorkerDecision } from './service-worker-policy.ts';
import { applyServiceWorkerDecision, type ServiceWorkerContainerLike } from './service-worker-registration.ts';

function container(): ServiceWorkerContainerLike | undefined {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
}

/**
 * Spec §4: /sw.js on mobile paths and mobile browsers, except scanner paths; re-decided on every route
 * change. Only production builds register it: the dev server's modules are not the hashed /assets/*
 * the worker caches, so in development any worker left from a build is unregistered instead.
 */
export function useServiceWorkerForPath(): void {
  const { pathname } = useLocation();
  const applied = useRef<ServiceWorkerDecision | null>(null);

  useEffect(() => {
    const decision = import.meta.env.PROD ? serviceWorkerDecision(pathname, navigator.userAgent) : 'unregister';
    if (applied.current === decision) return;
    applied.current = decision;
    void applyServiceWorkerDecision(decision, container());
  }, [pathname]);
}
