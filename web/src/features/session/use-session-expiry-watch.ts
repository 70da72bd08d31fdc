import { SESSION_CHECK_INTERVAL_MS } from '@tradepost/shared/domain/session.ts';
import { useStore } from 'jotai';
import { useEffect } from 'react';
import { sessionAtom } from './session-atom.ts';
import { isSessionActive } from './session-model.ts';
import { useEndSession } from './use-end-session.ts';

/** Spec §4, §9: a stored session is checked every 60 s (and when the tab comes back) and ended once it expires. */
export function useSessionExpiryWatch(): void {
  const store = useStore();
  const endSession = useEndSession();

  useEffect(() => {
    const check = () => {
      const session = store.get(sessionAtom);
      if (session !== null && !isSessionActive(session, Date.now())) endSession('expired');
    };
    check();
    const timer = window.setInterval(check, SESSION_CHECK_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [store, endSession]);
}
