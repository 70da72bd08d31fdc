import type { ToastIntent } from '@fluentui/react-components';
import { notify } from './app-notices.ts';

export type AppToast = {
  intent: ToastIntent;
  title: string;
  body?: string;
  /** Give an id to a toast that must not stack (Fluent ignores a second one with the same id while the first is open). */
  id?: string;
  /** Milliseconds; -1 keeps the toast until it is acted on. Spec §9: 5000 by default. */
  timeout?: number;
  /** A link-styled button in the title row. */
  action?: { label: string; onClick: () => void };
  /** Clicking anywhere on the toast (the action stays the keyboard way to the same thing). */
  onClick?: () => void;
};

/**
 * Shows a toast in the app toaster (closed after 5000 ms unless `timeout` says otherwise). Toasts go
 * through the notice queue, so one raised while the app mounts (before the toaster listens) still
 * shows. The returned function is stable.
 */
export function useAppToast(): (toast: AppToast) => void {
  return notify;
}
