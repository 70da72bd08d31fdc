import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import type { PreownedItem } from '@tradepost/shared/schemas/preowned.ts';

type DeleteDraftDialogProps = {
  item: PreownedItem | null;
  pending: boolean;
  onConfirm: (item: PreownedItem) => void;
  onDismiss: () => void;
};

/** Asks before deleting a draft: it has no stock or history yet, so it is gone for good. */
export function DeleteDraftDialog({ item, pending, onConfirm, onDismiss }: DeleteDraftDialogProps) {
  return (
    <Dialog
      open={item !== null}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open && !pending) onDismiss();
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Delete this draft?</DialogTitle>
          <DialogContent>
            {item?.title} and its details are removed. Its photos stay uploaded but are no longer attached to anything.
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={pending} onClick={onDismiss}>
              Keep it
            </Button>
            <Button
              appearance="primary"
              disabledFocusable={pending}
              icon={pending ? <Spinner size="tiny" /> : undefined}
              onClick={() => {
                if (item !== null) onConfirm(item);
              }}
            >
              Delete draft
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
