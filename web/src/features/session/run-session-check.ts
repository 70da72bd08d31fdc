import { SESSION_CHECK_INTERVAL_MS } from '@tradepost/shared/domain/session.ts';

/**
 * Runs a session check now, every 60 s and whenever the tab comes back (timers are slowed in
 * background tabs, so a returning tab may be past a deadline). Returns the clean-up for an effect.
 */
export function runSessionCheck(check: () => void): () => void {
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
}
