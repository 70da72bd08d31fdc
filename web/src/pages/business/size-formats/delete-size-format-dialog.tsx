import { toApiError } from '@tradepost/shared/client/api-error.ts';
import type { SizeFormatDto } from '@tradepost/shared/schemas/sizes.ts';
import { ConfirmDialog } from '../../../features/forms/confirm-dialog.tsx';

type DeleteSizeFormatDialogProps = {
  format: SizeFormatDto | null;
  pending: boolean;
  error: Error | null;
  onConfirm: (format: SizeFormatDto) => void;
  onDismiss: () => void;
};

const inUseText = (count: number) =>
  `${count === 1 ? 'One product uses' : `${count} products use`} this size format. Move ${count === 1 ? 'it' : 'them'} to another format before deleting it.`;

/** Asks before deleting; the server refuses while products use the format, and says how many. */
export function DeleteSizeFormatDialog({ format, pending, error, onConfirm, onDismiss }: DeleteSizeFormatDialogProps) {
  const refusal = error === null ? null : (toApiError(error)?.message ?? 'The size format could not be deleted. Please try again.');
  return (
    <ConfirmDialog
      subject={format}
      title={(f) => `Delete ${f.name}?`}
      confirmLabel="Delete size format"
      pending={pending}
      refusal={refusal}
      blocked={format !== null && format.products_count > 0}
      onConfirm={onConfirm}
      onDismiss={onDismiss}
    >
      {(f) =>
        f.products_count > 0
          ? inUseText(f.products_count)
          : 'Products can no longer pick this run. Rules that matched marketplace sizes into it are deleted with it.'
      }
    </ConfirmDialog>
  );
}
