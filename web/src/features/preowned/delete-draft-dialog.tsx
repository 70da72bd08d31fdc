import type { PreownedItem } from '@tradepost/shared/schemas/preowned.ts';
import { ConfirmDialog } from '../forms/confirm-dialog.tsx';

type DeleteDraftDialogProps = {
  item: PreownedItem | null;
  pending: boolean;
  onConfirm: (item: PreownedItem) => void;
  onDismiss: () => void;
};

/** Asks before deleting a draft: it has no stock or history yet, so it is gone for good. */
export function DeleteDraftDialog({ item, pending, onConfirm, onDismiss }: DeleteDraftDialogProps) {
  return (
    <ConfirmDialog
      subject={item}
      title={() => 'Delete this draft?'}
      confirmLabel="Delete draft"
      pending={pending}
      onConfirm={onConfirm}
      onDismiss={onDismiss}
    >
      {(draft) => `${draft.title} and its details are removed. Its photos stay uploaded but are no longer attached to anything.`}
    </ConfirmDialog>
  );
}
