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
import { toApiError } from '@tradepost/shared/client/api-error.ts';
import type { SizeFormatDto } from '@tradepost/shared/schemas/sizes.ts';

const useStyles = makeStyles({ refusal: { marginTop: '12px' } });

type DeleteSizeFormatDialogProps = {
  format: SizeFormatDto | null;
  pending: boolean;
  error: Error | null;
  onConfirm: (format: SizeFormatDto) => void;
  onDismiss: () => void;
};

/** Asks before deleting; the server refuses while products use the format, and says how many. */
export function DeleteSizeFormatDialog({ format, pending, error, onConfirm, onDismiss }: DeleteSizeFormatDialogProps) {
  const styles = useStyles();
  const refusal = error === null ? null : (toApiError(error)?.message ?? 'The size format could not be deleted. Please try again.');
  const inUse = format !== null && format.products_count > 0;
  return (
    <Dialog
      open={format !== null}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open && !pending) onDismiss();
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Delete {format?.name}?</DialogTitle>
          <DialogContent>
            {inUse
              ? `${format.products_count === 1 ? 'One product uses' : `${format.products_count} products use`} this size format. Move ${format.products_count === 1 ? 'it' : 'them'} to another format before deleting it.`
              : 'Products can no longer pick this run. Rules that matched marketplace sizes into it are deleted with it.'}
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
              disabledFocusable={pending || inUse}
              icon={pending ? <Spinner size="tiny" /> : undefined}
              onClick={() => {
                if (format !== null) onConfirm(format);
              }}
            >
              Delete size format
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
