import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Keeps a form's unsaved changes from being lost: leaving the screen inside the app asks first
 * (the dialog below), closing or reloading the tab gets the browser's own warning.
 */
export function UnsavedChangesGuard({ dirty, what = 'changes' }: { dirty: boolean; what?: string }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Saved while the question was open: nothing is lost any more, so let the navigation through.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return (
    <Dialog
      open={blocker.state === 'blocked'}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open && blocker.state === 'blocked') blocker.reset();
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Leave without saving?</DialogTitle>
          <DialogContent>Your unsaved {what} on this screen will be lost.</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => blocker.reset?.()}>
              Stay and keep editing
            </Button>
            <Button appearance="secondary" onClick={() => blocker.proceed?.()}>
              Leave and discard
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
