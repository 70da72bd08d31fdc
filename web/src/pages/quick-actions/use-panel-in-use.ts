import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { anchorFromHash, type QuickActionAnchor } from './quick-action-anchors.ts';

/**
 * Whether this Quick Actions panel is the one in use: focus is inside it, or the page was opened on
 * its anchor. A panel that takes hardware scans listens only then (the page's search takes them otherwise).
 */
export function usePanelInUse(anchor: QuickActionAnchor): boolean {
  const location = useLocation();
  const [inUse, setInUse] = useState(() => anchorFromHash(location.hash) === anchor);
  useEffect(() => {
    if (anchorFromHash(location.hash) === anchor) setInUse(true);
  }, [location.hash, anchor]);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof Element) || event.target === document.body) return;
      setInUse(event.target.closest(`#${anchor}`) !== null);
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [anchor]);
  return inUse;
}
