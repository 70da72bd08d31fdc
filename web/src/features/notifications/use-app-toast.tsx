import { Toast, ToastBody, type ToastIntent, ToastTitle, useToastController } from '@fluentui/react-components';
import { useCallback } from 'react';
import { APP_TOASTER_ID, TOAST_TIMEOUT_MS } from './app-toaster.ts';

export type AppToast = { intent: ToastIntent; title: string; body?: string; id?: string };

/** Shows a toast in the app toaster. Give an id to a toast that must not stack (Fluent ignores a second one with the same id while the first is open). */
export function useAppToast(): (toast: AppToast) => void {
  const { dispatchToast } = useToastController(APP_TOASTER_ID);
  return useCallback(
    ({ intent, title, body, id }: AppToast) => {
      dispatchToast(
        <Toast>
          <ToastTitle>{title}</ToastTitle>
          {body === undefined ? null : <ToastBody>{body}</ToastBody>}
        </Toast>,
        { intent, timeout: TOAST_TIMEOUT_MS, toastId: id },
      );
    },
    [dispatchToast],
  );
}
