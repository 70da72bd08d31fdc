import { useStore } from 'jotai';
import { useEffect } from 'react';
import { runSessionCheck } from './run-session-check.ts';
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
    return runSessionCheck(check);
  }, [store, endSession]);
}
