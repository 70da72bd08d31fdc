import type { AppToast } from './use-app-toast.tsx';

type Listener = (notice: AppToast) => void;

/** At most this many notices wait for the toaster; older ones are dropped (nobody saw them anyway). */
const MAX_PENDING = 10;

let listener: Listener | null = null;
let pending: AppToast[] = [];

/**
 * Toasts from code that runs outside React (the query client's error handlers, start-up checks).
 * Notices raised before the toaster is mounted wait and are shown once it is.
 */
export function notify(notice: AppToast): void {
  if (listener !== null) {
    listener(notice);
    return;
  }
  pending = [...pending, notice].slice(-MAX_PENDING);
}

/** The toaster side: one subscriber at a time; it first receives what waited. */
export function subscribeNotices(next: Listener): () => void {
  listener = next;
  const waiting = pending;
  pending = [];
  for (const notice of waiting) next(notice);
  return () => {
    if (listener === next) listener = null;
  };
}
