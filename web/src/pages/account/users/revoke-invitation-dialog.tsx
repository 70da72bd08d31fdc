import type { Invitation } from '@tradepost/shared/schemas/users.ts';
import { ConfirmDialog } from '../../../features/forms/confirm-dialog.tsx';

type RevokeInvitationDialogProps = {
  invitation: Invitation | null;
  pending: boolean;
  onConfirm: (invitation: Invitation) => void;
  onDismiss: () => void;
};

/** Asks before revoking: the link stops working at once and the person would need a new invitation. */
export function RevokeInvitationDialog({ invitation, pending, onConfirm, onDismiss }: RevokeInvitationDialogProps) {
  return (
    <ConfirmDialog
      subject={invitation}
      title={() => 'Revoke this invitation?'}
      confirmLabel="Revoke invitation"
      pending={pending}
      onConfirm={onConfirm}
      onDismiss={onDismiss}
    >
      {(sent) => `The link sent to ${sent.email} stops working at once. You can invite the same address again afterwards.`}
    </ConfirmDialog>
  );
}
