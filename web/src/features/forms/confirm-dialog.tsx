import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({ refusal: { marginTop: '12px' } });

type ConfirmDialogProps<T> = {
  /** What the action is about; the dialog is open while it is set. */
  subject: T | null;
  title: (subject: T) => string;
  /** What happens, in a sentence or two. */
  children: (subject: T) => ReactNode;
  confirmLabel: string;
  pending: boolean;
  /** The server's refusal, shown in the dialog so the user can read it and back out. */
  refusal?: string | null;
  /** The action is not possible now (the text says why). */
  blocked?: boolean;
  onConfirm: (subject: T) => void;
  onDismiss: () => void;
};

/** Asks before an action that cannot be undone; "Keep it" backs out. Closing is refused while it runs. */
export function ConfirmDialog<T>({
  subject,
  title,
  children,
  confirmLabel,
  pending,
  refusal = null,
  blocked = false,
  onConfirm,
  onDismiss,
}: ConfirmDialogProps<T>) {
  const styles = useStyles();
  return (
    <Dialog
      open={subject !== null}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open && !pending) onDismiss();
      }}
    >
      <DialogSurface>
        {subject === null ? null : (
          <DialogBody>
            <DialogTitle>{title(subject)}</DialogTitle>
            <DialogContent>
              {children(subject)}
              {refusal === null ? null : (
                <MessageBar intent="error" role="alert" className={styles.refusal}>
                  <MessageBarBody>{refusal}</MessageBarBody>
                </MessageBar>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" disabled={pending} onClick={onDismiss}>
                Keep it
              </Button>
              <Button
                appearance="primary"
                disabledFocusable={pending || blocked}
                icon={pending ? <Spinner size="tiny" /> : undefined}
                onClick={() => onConfirm(subject)}
              >
                {confirmLabel}
              </Button>
            </DialogActions>
          </DialogBody>
        )}
      </DialogSurface>
    </Dialog>
  );
}
