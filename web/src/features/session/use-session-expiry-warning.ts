import { sessionWarningText } from '@tradepost/shared/domain/session.ts';
import { useStore } from 'jotai';
import { useEffect } from 'react';
import { useAppToast } from '../notifications/use-app-toast.tsx';
import { runSessionCheck } from './run-session-check.ts';
import { sessionAtom } from './session-atom.ts';
import { sessionWarningDue } from './session-warning.ts';

/**
 * Spec §8, §9: 30 minutes before the session expires a toast says 'Your session will expire in N
 * minutes...'. Checked every 60 s and when the tab comes back; each session is warned about once.
 */
export function useSessionExpiryWarning(): void {
  const store = useStore();
  const toast = useAppToast();

  useEffect(() => {
    let warnedFor: number | null = null;
    const check = () => {
      const session = store.get(sessionAtom);
      const minutes = sessionWarningDue(session, Date.now(), warnedFor);
      if (minutes === null || session === null) return;
      warnedFor = session.expiresAt;
      toast({
        id: `session-warning-${session.expiresAt}`,
        intent: 'warning',
        title: sessionWarningText(minutes),
        body: 'Save your work: you will need to sign in again when it does.',
      });
    };
    return runSessionCheck(check);
  }, [store, toast]);
}
