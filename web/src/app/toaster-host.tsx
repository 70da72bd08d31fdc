import { Toaster } from '@fluentui/react-components';
import { APP_TOASTER_ID } from '../features/notifications/app-toaster.ts';
import { NoticeToasts } from '../features/notifications/notice-toasts.tsx';

/**
 * The app toaster and what feeds it, loaded after the first paint (issue #16: toasts are never part
 * of a first screen). Notices raised before it is here wait in app-notices.ts and show once it mounts;
 * NoticeToasts mounts after the Toaster, so the toaster already listens when they are handed over.
 */
export function ToasterHost() {
  return (
    <>
      <Toaster toasterId={APP_TOASTER_ID} position="top-end" pauseOnHover pauseOnWindowBlur />
      <NoticeToasts />
    </>
  );
}
