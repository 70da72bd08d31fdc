import { useSyncExternalStore } from 'react';

/** Spec §9: at 768 px or narrower the sidebar becomes an overlay. */
export const SIDEBAR_OVERLAY_QUERY = '(max-width: 768px)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(SIDEBAR_OVERLAY_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const getSnapshot = () => window.matchMedia(SIDEBAR_OVERLAY_QUERY).matches;

/** True while the window is at most 768 px wide, followed live. */
export function useNarrowViewport(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
