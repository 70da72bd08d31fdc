import { Link, makeStyles, Toast, ToastBody, ToastTitle, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';
import { subscribeNotices } from './app-notices.ts';
import { APP_TOASTER_ID, TOAST_TIMEOUT_MS } from './app-toaster.ts';
import type { AppToast } from './use-app-toast.tsx';

const useStyles = makeStyles({
  clickable: { cursor: 'pointer' },
});

function ToastContent({ toast }: { toast: AppToast }) {
  const styles = useStyles();
  const action =
    toast.action === undefined ? undefined : (
      <Link as="button" onClick={toast.action.onClick}>
        {toast.action.label}
      </Link>
    );
  return (
    // The action link is the keyboard way to what the whole-toast click does.
    <Toast className={toast.onClick === undefined ? undefined : styles.clickable} onClick={toast.onClick}>
      <ToastTitle action={action}>{toast.title}</ToastTitle>
      {toast.body === undefined ? null : <ToastBody>{toast.body}</ToastBody>}
    </Toast>
  );
}

/**
 * Shows every toast of the app (see useAppToast and app-notices.ts) in the app toaster. Mounted once,
 * after the Toaster, so the toaster already listens when the queued toasts are handed over.
 */
export function NoticeToasts() {
  const { dispatchToast } = useToastController(APP_TOASTER_ID);
  useEffect(
    () =>
      subscribeNotices((toast) =>
        dispatchToast(<ToastContent toast={toast} />, {
          intent: toast.intent,
          timeout: toast.timeout ?? TOAST_TIMEOUT_MS,
          toastId: toast.id,
        }),
      ),
    [dispatchToast],
  );
  return null;
}
